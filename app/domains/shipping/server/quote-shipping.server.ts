import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { countryName } from "~/domains/shipping/content/countries";
import {
  type ShippedGoods,
  type ShippingRateTerms,
  shippingPrice,
  type WeightBand,
  zoneFor,
} from "~/domains/shipping/shipping-price";
import { type Failure, fail } from "~/lib/errors";

/** A shipping option the buyer can pick, priced for their order. */
export type ShippingOption = { rateId: string; name: string; priceCents: number };

type ZoneRow = {
  id: string;
  countries: string[];
  rates: {
    id: string;
    name: string;
    kind: "flat" | "weight";
    price_cents: number;
    bands: WeightBand[];
    free_above_cents: number | null;
  }[];
};

/**
 * The seller's shipping options for an order going to `country`, priced for the goods' subtotal and weight.
 * Refused when no zone or rate serves the country.
 */
export async function quoteShipping(
  db: Database,
  sellerId: string,
  country: string,
  goods: ShippedGoods,
): Promise<{ ok: true; options: ShippingOption[] } | Failure<"SHIPPING_COUNTRY_UNSERVED">> {
  const result = await db.execute<ZoneRow>(sql`
    select z.id, z.countries,
      coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind, 'price_cents',
        r.price_cents,
          'bands', r.bands, 'free_above_cents', r.free_above_cents) order by r.position, r.created_at)
        from shipping_rates r where r.zone_id = z.id), '[]'::json) as rates
    from shipping_zones z where z.user_id = ${sellerId} order by z.position, z.created_at`);
  const zone = zoneFor(result.rows, country);
  const options: ShippingOption[] = [];
  for (const rate of zone?.rates ?? []) {
    const terms: ShippingRateTerms = {
      kind: rate.kind,
      priceCents: Number(rate.price_cents),
      bands: rate.bands,
      freeAboveCents: rate.free_above_cents === null ? null : Number(rate.free_above_cents),
    };
    const priceCents = shippingPrice(terms, goods);
    if (priceCents !== null) options.push({ rateId: rate.id, name: rate.name, priceCents });
  }
  if (options.length === 0) return fail("SHIPPING_COUNTRY_UNSERVED", `We don't ship to ${countryName(country)} yet.`);
  return { ok: true, options };
}
