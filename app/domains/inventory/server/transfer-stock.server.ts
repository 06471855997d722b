import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";
import { readStockTargets } from "./read-stock-targets.server";
import { recordStockMovements } from "./record-stock-movements.server";

/** Units of one item to move from one of the seller's locations to another. */
export type StockTransfer = {
  variantId: string;
  fromLocationId: string;
  toLocationId: string;
  quantity: number;
  note: string;
};

type TransferFailure = Failure<
  | "STOCK_ITEM_NOT_FOUND"
  | "STOCK_LOCATION_NOT_FOUND"
  | "STOCK_LOCATION_ARCHIVED"
  | "STOCK_TRANSFER_SHORT"
  | "STOCK_TRANSFER_SAME_LOCATION"
>;

/**
 * Moves units as two movements sharing a transfer id, both levels locked, refusing more than the source has available.
 */
export async function transferStock(
  db: Database,
  sellerId: string,
  actorId: string,
  transfer: StockTransfer,
): Promise<{ ok: true; transferId: string } | TransferFailure> {
  const { variantId, fromLocationId, toLocationId, quantity } = transfer;
  if (fromLocationId === toLocationId) return fail("STOCK_TRANSFER_SAME_LOCATION");
  return db.transaction(async (tx) => {
    const targets = await readStockTargets(tx, sellerId, [variantId], [fromLocationId, toLocationId]);
    if (!targets.ok) return targets;
    await tx.execute(sql`
      insert into stock_levels (variant_id, location_id, user_id)
      values (${variantId}, ${fromLocationId}, ${sellerId}), (${variantId}, ${toLocationId}, ${sellerId})
      on conflict (variant_id, location_id) do nothing`);
    const levels = await tx.execute<{ location_id: string; available: number }>(sql`
      select location_id, on_hand - reserved as available from stock_levels
      where variant_id = ${variantId} and location_id in (${fromLocationId}, ${toLocationId})
      order by location_id for update`);
    const available = levels.rows.find((row) => row.location_id === fromLocationId)?.available ?? 0;
    if (available < quantity) {
      const from = targets.locations.get(fromLocationId)!;
      return fail("STOCK_TRANSFER_SHORT", `Only ${Math.max(0, available)} available at ${from.name}`);
    }
    const transferId = randomUUID();
    const shared = { variantId, kind: "transferred" as const, note: transfer.note, transferId };
    await recordStockMovements(tx, sellerId, actorId, [
      { ...shared, locationId: fromLocationId, quantity: -quantity },
      { ...shared, locationId: toLocationId, quantity },
    ]);
    return { ok: true as const, transferId };
  });
}
