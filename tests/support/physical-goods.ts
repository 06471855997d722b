import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import type { WeightBand } from "~/domains/shipping/shipping-price";

export type PhysicalProduct = { productId: string; slug: string; variantIds: string[]; onlineId: string };

/**
 * A published physical product of `sellerId` made directly in the database, with its variants.
 * Their stock is received at the seller's Online location (the checkout tests are not about the catalog).
 */
export async function createPhysicalProduct(
  db: Database,
  sellerId: string,
  product: {
    name?: string;
    slug?: string;
    priceCents?: number;
    weightGrams?: number | null;
    allowBackorder?: boolean;
    variants?: {
      title?: string;
      sku?: string;
      priceCents?: number | null;
      weightGrams?: number | null;
      stock?: number;
    }[];
  } = {},
): Promise<PhysicalProduct> {
  const productId = randomUUID();
  const slug = product.slug ?? `mug-${productId.slice(0, 8)}`;
  await db.execute(sql`
    insert into products (id, user_id, name, slug, type, pricing, price_cents, currency, status, published_at,
      weight_grams, allow_backorder)
    values (${productId}, ${sellerId}, ${product.name ?? "Mug"}, ${slug}, 'physical', 'fixed',
      ${product.priceCents ?? 1200}, 'USD',
      'published', now(), ${product.weightGrams ?? null}, ${product.allowBackorder ?? false})`);
  const onlineId = await ensureOnlineLocation(db, sellerId);
  const variantIds: string[] = [];
  for (const [position, variant] of (product.variants ?? [{}]).entries()) {
    const row = await db.execute<{ id: string }>(sql`
      insert into product_variants (product_id, user_id, title, option_values, sku, price_cents, weight_grams, position)
      values (${productId}, ${sellerId}, ${variant.title ?? ""},
        ${JSON.stringify(variant.title ? [variant.title] : [])}::jsonb,
        ${variant.sku ?? `SKU-${randomUUID().slice(0, 8)}`}, ${variant.priceCents ?? null}, ${variant.weightGrams ?? null}, ${position})
      returning id`);
    const id = row.rows[0]!.id;
    variantIds.push(id);
    if (variant.stock)
      await recordStockMovements(db, sellerId, sellerId, [
        { variantId: id, locationId: onlineId, kind: "received", quantity: variant.stock },
      ]);
  }
  return { productId, slug, variantIds, onlineId };
}

/** A shipping zone of `sellerId` with its rates, in the given order; returns the rate ids. */
export async function createShippingZone(
  db: Database,
  sellerId: string,
  zone: {
    name: string;
    countries: string[];
    rates: {
      name: string;
      kind?: "flat" | "weight";
      priceCents?: number;
      bands?: WeightBand[];
      freeAboveCents?: number | null;
    }[];
  },
): Promise<string[]> {
  const made = await db.execute<{ id: string }>(sql`
    insert into shipping_zones (user_id, name, countries) values (${sellerId}, ${zone.name}, ${`{${zone.countries.join(",")}}`}::text[])
    returning id`);
  const zoneId = made.rows[0]!.id;
  const ids: string[] = [];
  for (const [position, rate] of zone.rates.entries()) {
    const row = await db.execute<{ id: string }>(sql`
      insert into shipping_rates (zone_id, user_id, name, kind, price_cents, bands, free_above_cents, position)
      values (${zoneId}, ${sellerId}, ${rate.name}, ${rate.kind ?? "flat"}, ${rate.priceCents ?? 0},
        ${JSON.stringify(rate.bands ?? [])}::jsonb, ${rate.freeAboveCents ?? null}, ${position})
      returning id`);
    ids.push(row.rows[0]!.id);
  }
  return ids;
}

/** A variant's stock at a location: on hand, held, and the sum of its ledger. */
export async function stockLevel(db: Database, variantId: string, locationId: string) {
  const result = await db.execute<{ on_hand: number; reserved: number; ledger: number }>(sql`
    select coalesce(l.on_hand, 0)::int as on_hand, coalesce(l.reserved, 0)::int as reserved,
      (select coalesce(sum(quantity), 0)::int from stock_movements m where m.variant_id = ${variantId}::uuid
        and m.location_id = ${locationId}::uuid) as ledger
    from (select 1) one
    left join stock_levels l on l.variant_id = ${variantId}::uuid and l.location_id = ${locationId}::uuid`);
  return result.rows[0]!;
}

/** A US shipping address that passes every check. */
export const US_ADDRESS = {
  name: "Ada Buyer",
  line1: "1 Main Street",
  line2: "",
  city: "Springfield",
  region: "IL",
  postcode: "62701",
  country: "US",
};
