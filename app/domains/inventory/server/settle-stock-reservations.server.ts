import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "./record-stock-movements.server";

/** A physical order line sold from a location, as the order's owner reads it. */
export type SoldStockLine = { id: string; variantId: string; locationId: string; quantity: number };

/** The stock an order sold: its seller and its physical lines at the order's location (none without one). */
export type SoldStock = { sellerId: string; lines: SoldStockLine[] };

/**
 * Ends order `orderId`'s stock holds. `released` gives the units back (an expired checkout). A sale also records a
 * sale movement for each of its lines, once per line even if its hold had already expired.
 */
export async function settleStockReservations(
  db: Database,
  orderId: string,
  outcome: SoldStock | "released",
): Promise<void> {
  await db.execute(sql`
    with ended as (
      delete from stock_reservations where order_id = ${orderId}::uuid
      returning variant_id, location_id, quantity
    )
    update stock_levels l set reserved = l.reserved - e.quantity, updated_at = now()
    from (select variant_id, location_id, sum(quantity)::int as quantity from ended group by 1, 2) e
    where l.variant_id = e.variant_id and l.location_id = e.location_id`);
  if (outcome === "released" || outcome.lines.length === 0) return;
  await recordStockMovements(
    db,
    outcome.sellerId,
    null,
    outcome.lines.map((line) => ({
      variantId: line.variantId,
      locationId: line.locationId,
      kind: "sold" as const,
      quantity: -line.quantity,
      orderId,
      orderLineId: line.id,
      idempotencyKey: `sale:${line.id}`,
    })),
  );
}
