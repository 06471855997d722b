import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isPhysicalType, PHYSICAL_PRODUCT_TYPE } from "~/domains/catalog/content/product-types";
import type { ProductPricing } from "~/domains/catalog/product-price";
import { storeJson } from "~/domains/catalog/server/store-json.server";
import { isSlugLike, type StoreProfile, type StoreRow, storeProfileOf } from "~/domains/catalog/store-profile";
import { type PlanId, planOf } from "~/lib/plans";
import { isUuid } from "~/lib/text-formats";
import { planInForceSql } from "~/domains/billing/server/plan-in-force-sql.server";

/** A physical product's variant as a checkout sells it, with the units its Online location has available now. */
export type CheckoutVariant = {
  id: string;
  title: string;
  sku: string | null;
  /** The variant's own price, or null for the product's. */
  priceCents: number | null;
  /** The variant's own weight, else the product's; null when neither is set. */
  weightGrams: number | null;
  /** On hand less held at the Online location; may be negative after backorders. */
  available: number;
};

/**
 * A product as a checkout needs it: its price, its seller, the seller's store and plan in force, and a physical one's
 * variants.
 */
export type CheckoutProduct = ProductPricing & {
  id: string;
  sellerId: string;
  name: string;
  slug: string;
  status: string;
  physical: boolean;
  allowBackorder: boolean;
  /** Unarchived variants in the seller's order; empty for digital products. */
  variants: CheckoutVariant[];
  store: StoreProfile;
  plan: PlanId;
};

/** Which product: by its store's handle and its slug (the buy page), or by id. */
export type ProductRef = { handle: string; slug: string } | { productId: string };

type Row = {
  id: string;
  user_id: string;
  name: string;
  slug: string;
  status: string;
  pricing: string;
  price_cents: number;
  min_price_cents: number | null;
  suggested_price_cents: number | null;
  currency: string;
  plan: string | null;
  type: string;
  allow_backorder: boolean;
  variants: {
    id: string;
    title: string;
    sku: string | null;
    price_cents: number | null;
    weight_grams: number | null;
    available: number;
  }[];
  store: StoreRow;
};

/** The product with its variants and their Online stock in one statement, any status; null when there is none. */
export async function readCheckoutProduct(db: Database, ref: ProductRef): Promise<CheckoutProduct | null> {
  let where: ReturnType<typeof sql>;
  if ("productId" in ref) {
    if (!isUuid(ref.productId)) return null;
    where = sql`p.id = ${ref.productId}::uuid`;
  } else {
    if (!isSlugLike(ref.handle) || !isSlugLike(ref.slug)) return null;
    where = sql`s.handle = ${ref.handle} and p.slug = ${ref.slug}`;
  }
  const result = await db.execute<Row>(sql`
    select p.id, p.user_id, p.name, p.slug, p.status, p.pricing, p.price_cents, p.min_price_cents,
      p.suggested_price_cents, p.currency,
      ${planInForceSql(sql`p.user_id`)} as plan,
      p.type, p.allow_backorder,
      coalesce((
        select json_agg(json_build_object('id', v.id, 'title', v.title, 'sku', v.sku, 'price_cents', v.price_cents,
            'weight_grams', coalesce(v.weight_grams, p.weight_grams),
            'available', coalesce(l.on_hand - l.reserved, 0)) order by v.position, v.created_at)
        from product_variants v
        left join stock_locations sl on sl.user_id = p.user_id and sl.kind = 'online'
        left join stock_levels l on l.variant_id = v.id and l.location_id = sl.id
        where v.product_id = p.id and v.archived_at is null and p.type = ${PHYSICAL_PRODUCT_TYPE}
      ), '[]'::json) as variants,
      ${storeJson} as store
    from products p join storefronts s on s.user_id = p.user_id
    where ${where}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    sellerId: row.user_id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    pricing: row.pricing,
    priceCents: Number(row.price_cents),
    minPriceCents: row.min_price_cents === null ? null : Number(row.min_price_cents),
    suggestedPriceCents: row.suggested_price_cents === null ? null : Number(row.suggested_price_cents),
    currency: row.currency,
    physical: isPhysicalType(row.type),
    allowBackorder: row.allow_backorder,
    variants: row.variants.map((v) => ({
      id: v.id,
      title: v.title,
      sku: v.sku,
      priceCents: v.price_cents === null ? null : Number(v.price_cents),
      weightGrams: v.weight_grams === null ? null : Number(v.weight_grams),
      available: Number(v.available),
    })),
    store: storeProfileOf(row.store),
    plan: planOf(row.plan),
  };
}
