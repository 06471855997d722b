import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "./record-stock-movements.server";

/**
 * Ends order `orderId`'s stock holds. `released` gives the units back (an expired checkout). `sold` also records a sale
 * movement for each physical line at the order's location, once per line even if its hold had already expired.
 */
export async function settleStockReservations(
  db: Database,
  orderId: string,
  outcome: "sold" | "released",
): Promise<void> {
  await db.execute(sql`
    with ended as (
      delete from stock_reservations where order_id = ${orderId}::uuid
      returning variant_id, location_id, quantity
    )
    update stock_levels l set reserved = l.reserved - e.quantity, updated_at = now()
    from (select variant_id, location_id, sum(quantity)::int as quantity from ended group by 1, 2) e
    where l.variant_id = e.variant_id and l.location_id = e.location_id`);
  if (outcome === "released") return;
  const lines = await db.execute<{
    id: string;
    variant_id: string;
    location_id: string;
    quantity: number;
    user_id: string;
  }>(sql`
    select ol.id, ol.variant_id, o.location_id, ol.quantity, o.user_id
    from order_lines ol join orders o on o.id = ol.order_id
    where ol.order_id = ${orderId}::uuid and ol.kind = 'physical' and ol.variant_id is not null and o.location_id is not null`);
  const sellerId = lines.rows[0]?.user_id;
  if (!sellerId) return;
  await recordStockMovements(
    db,
    sellerId,
    null,
    lines.rows.map((line) => ({
      variantId: line.variant_id,
      locationId: line.location_id,
      kind: "sold" as const,
      quantity: -line.quantity,
      orderId,
      orderLineId: line.id,
      idempotencyKey: `sale:${line.id}`,
    })),
  );
}
