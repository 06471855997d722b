import type { Database } from "~/db/database.server";
import type { AdjustmentReason } from "~/features/inventory/stock-kinds";
import type { Failure } from "~/lib/errors";
import { findStockTargets } from "./find-stock-targets.server";
import { recordStockMovements } from "./record-stock-movements.server";

/** A hand-made stock change: units received (positive) or an adjustment with its reason (either sign). */
export type StockChange = {
  variantId: string;
  locationId: string;
  note: string;
} & ({ kind: "received"; quantity: number } | { kind: "adjusted"; quantity: number; reason: AdjustmentReason });

/** Records a receipt or an adjustment of the seller's own item at their own open location, or nothing on a refusal. */
export async function changeStock(
  db: Database,
  sellerId: string,
  actorId: string,
  change: StockChange,
): Promise<{ ok: true } | Failure<"STOCK_ITEM_NOT_FOUND" | "STOCK_LOCATION_NOT_FOUND" | "STOCK_LOCATION_ARCHIVED">> {
  return db.transaction(async (tx) => {
    const targets = await findStockTargets(tx, sellerId, [change.variantId], [change.locationId]);
    if (!targets.ok) return targets;
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
