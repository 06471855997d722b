import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { SoldStockLine } from "~/domains/inventory/server/settle-stock-reservations.server";

/** The order's physical lines with a variant, at its location: what its sale takes from stock (none without one). */
export async function readSoldStockLines(db: Database, orderId: string): Promise<SoldStockLine[]> {
  const lines = await db.execute<{ id: string; variant_id: string; location_id: string; quantity: number }>(sql`
    select ol.id, ol.variant_id, o.location_id, ol.quantity
    from order_lines ol join orders o on o.id = ol.order_id
    where ol.order_id = ${orderId}::uuid and ol.kind = 'physical' and ol.variant_id is not null and o.location_id is not null`);
  return lines.rows.map((line) => ({
    id: line.id,
    variantId: line.variant_id,
    locationId: line.location_id,
    quantity: line.quantity,
  }));
}
