import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { Failure } from "~/lib/errors";
import { readStockTargets } from "./read-stock-targets.server";
import { recordStockMovements } from "./record-stock-movements.server";
import type { StockCount } from "./review-stock-count.server";

/**
 * Posts counted quantities: under a lock of each level, a "counted" movement of the difference makes on hand the count.
 */
export async function postStockCount(
  db: Database,
  sellerId: string,
  actorId: string,
  counts: readonly StockCount[],
  note = "",
): Promise<
  | { ok: true; changed: number }
  | Failure<"STOCK_ITEM_NOT_FOUND" | "STOCK_LOCATION_NOT_FOUND" | "STOCK_LOCATION_ARCHIVED">
> {
  return db.transaction(async (tx) => {
    const targets = await readStockTargets(
      tx,
      sellerId,
      counts.map((count) => count.variantId),
      counts.map((count) => count.locationId),
    );
    if (!targets.ok) return targets;
    // One line per item and location (the last wins), so a repeated line cannot post its difference twice.
    const lines = [...new Map(counts.map((count) => [`${count.variantId}:${count.locationId}`, count])).values()];
    const input = JSON.stringify(
      lines.map((count) => ({ variant_id: count.variantId, location_id: count.locationId, counted: count.counted })),
    );
    const differences = await tx.execute<{ variant_id: string; location_id: string; difference: number }>(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as x(variant_id uuid, location_id uuid, counted int)
      ), locked as (
        select l.variant_id, l.location_id, l.on_hand from stock_levels l
        join input i on i.variant_id = l.variant_id and i.location_id = l.location_id
        order by l.variant_id, l.location_id
        for update of l
      )
      select i.variant_id, i.location_id, i.counted - coalesce(k.on_hand, 0) as difference
      from input i left join locked k on k.variant_id = i.variant_id and k.location_id = i.location_id
      where i.counted <> coalesce(k.on_hand, 0)`);
    const changed = await recordStockMovements(
      tx,
      sellerId,
      actorId,
      differences.rows.map((row) => ({
        variantId: row.variant_id,
        locationId: row.location_id,
        kind: "counted" as const,
        quantity: row.difference,
        note,
      })),
    );
    return { ok: true as const, changed };
  });
}
