import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { STOCK_QUANTITY_MAX } from "~/domains/inventory/stock-import-rows";
import type { AdjustmentReason } from "~/domains/inventory/stock-kinds";
import { type Failure, fail } from "~/lib/errors";
import { readStockTargets } from "./read-stock-targets.server";
import { recordStockMovements } from "./record-stock-movements.server";

/** A hand-made stock change: units received (positive) or an adjustment with its reason (either sign). */
export type StockChange = {
  variantId: string;
  locationId: string;
  note: string;
} & ({ kind: "received"; quantity: number } | { kind: "adjusted"; quantity: number; reason: AdjustmentReason });

const units = (count: number) => count.toLocaleString("en-US");

/** Why `quantity` may not change a level of `onHand` (kept within what a count may set: 0 to the maximum), or null. */
function outOfRange(onHand: number, quantity: number): string | null {
  const bound = `Stock on hand stays between 0 and ${units(STOCK_QUANTITY_MAX)} units`;
  if (quantity < 0 && onHand + quantity < 0)
    return `${bound}: with ${units(onHand)} here, remove at most ${units(Math.max(0, onHand))}.`;
  if (quantity > 0 && onHand + quantity > STOCK_QUANTITY_MAX)
    return `${bound}: with ${units(onHand)} here, add at most ${units(Math.max(0, STOCK_QUANTITY_MAX - onHand))}.`;
  return null;
}

/** Records a receipt or adjustment of the seller's item at their open location, the level kept where counts set it. */
export async function changeStock(
  db: Database,
  sellerId: string,
  actorId: string,
  change: StockChange,
): Promise<
  | { ok: true }
  | Failure<
      "STOCK_ITEM_NOT_FOUND" | "STOCK_LOCATION_NOT_FOUND" | "STOCK_LOCATION_ARCHIVED" | "STOCK_LEVEL_OUT_OF_RANGE"
    >
> {
  return db.transaction(async (tx) => {
    const targets = await readStockTargets(tx, sellerId, [change.variantId], [change.locationId]);
    if (!targets.ok) return targets;
    // No row yet is a level of 0; a refusal writes nothing, not even an empty level.
    const level = await tx.execute<{ on_hand: number }>(sql`
      select on_hand from stock_levels where variant_id = ${change.variantId} and location_id = ${change.locationId}
      for update`);
    const refusal = outOfRange(level.rows[0]?.on_hand ?? 0, change.quantity);
    if (refusal) return fail("STOCK_LEVEL_OUT_OF_RANGE", refusal);
    await recordStockMovements(tx, sellerId, actorId, [
      {
        variantId: change.variantId,
        locationId: change.locationId,
        kind: change.kind,
        quantity: change.quantity,
        reason: change.kind === "adjusted" ? change.reason : null,
        note: change.note,
      },
    ]);
    return { ok: true as const };
  });
}
