import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { variantItemsSql } from "~/domains/catalog/server/variant-sql.server";
import type { Failure } from "~/lib/errors";
import { readStockTargets } from "./read-stock-targets.server";

/** A counted quantity of one item at one location. */
export type StockCount = { variantId: string; locationId: string; counted: number };

/** A count's line that differs from what the ledger says is on hand. */
export type StockCountDifference = StockCount & {
  productName: string;
  variantTitle: string;
  sku: string | null;
  onHand: number;
  difference: number;
};

/** The lines of a count that differ from the stock on hand, for the seller to review before posting; writes nothing. */
export async function reviewStockCount(
  db: Database,
  sellerId: string,
  counts: readonly StockCount[],
): Promise<
  | { ok: true; differences: StockCountDifference[] }
  | Failure<"STOCK_ITEM_NOT_FOUND" | "STOCK_LOCATION_NOT_FOUND" | "STOCK_LOCATION_ARCHIVED">
> {
  const targets = await readStockTargets(
    db,
    sellerId,
    counts.map((count) => count.variantId),
    counts.map((count) => count.locationId),
  );
  if (!targets.ok) return targets;
  const rows = counts.map((count) => ({
    variant_id: count.variantId,
    location_id: count.locationId,
    counted: count.counted,
  }));
  const result = await db.execute<StockCountDifference>(sql`
    select i.variant_id as "variantId", i.location_id as "locationId", i.counted, v.product_name as "productName",
      v.title as "variantTitle", v.sku, coalesce(l.on_hand, 0) as "onHand", i.counted - coalesce(l.on_hand,
        0) as difference
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(variant_id uuid, location_id uuid, counted int)
    join (${variantItemsSql(sellerId)}) v on v.id = i.variant_id
    left join stock_levels l on l.variant_id = i.variant_id and l.location_id = i.location_id
    where i.counted <> coalesce(l.on_hand, 0)
    order by v.product_name, v.position, v.id`);
  return { ok: true, differences: result.rows };
}
