import { sql } from "drizzle-orm";
import { liveVariantCountSql } from "~/domains/catalog/server/variant-sql.server";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** A seller's location as the stock verbs need it. */
export type StockTarget = { id: string; name: string; kind: string };

/**
 * Checks that the variants and locations are the seller's and the locations open; answers the locations by id, or a
 * refusal.
 */
export async function readStockTargets(
  db: Database,
  sellerId: string,
  variantIds: readonly string[],
  locationIds: readonly string[],
): Promise<
  | { ok: true; locations: Map<string, StockTarget> }
  | Failure<"STOCK_ITEM_NOT_FOUND" | "STOCK_LOCATION_NOT_FOUND" | "STOCK_LOCATION_ARCHIVED">
> {
  const variants = [...new Set(variantIds)];
  const places = [...new Set(locationIds)];
  const result = await db.execute<{ variants: number; locations: StockTarget[]; archived: number }>(sql`
    select
      ${liveVariantCountSql(sellerId, sql`${`{${variants.join(",")}}`}::uuid[]`)} as variants,
      (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'kind', l.kind)), '[]')
        from stock_locations l
        where l.user_id = ${sellerId} and l.archived_at is null and l.id = any(${`{${places.join(",")}}`}::uuid[])) as locations,
      (select count(*)::int from stock_locations l
        where l.user_id = ${sellerId} and l.archived_at is not null and l.id = any(${`{${places.join(",")}}`}::uuid[])) as archived`);
  const row = result.rows[0]!;
  if (row.variants !== variants.length) return fail("STOCK_ITEM_NOT_FOUND");
  if (row.archived > 0) return fail("STOCK_LOCATION_ARCHIVED");
  if (row.locations.length !== places.length) return fail("STOCK_LOCATION_NOT_FOUND");
  return { ok: true, locations: new Map(row.locations.map((location) => [location.id, location])) };
}
