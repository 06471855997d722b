import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { FulfilmentStatus, ShippingAddress } from "~/domains/orders/order-lines";

/** The seller's order as a shipment reads it. */
export type OrderToShip = {
  status: string;
  customer_email: string;
  store_name: string;
  shipping_address: ShippingAddress | null;
};

/** A physical line as a shipment reads it. */
export type LineToShip = {
  id: string;
  product_name: string;
  variant_title: string;
  quantity: number;
  fulfilled_quantity: number;
  refunded_quantity: number;
};

/** One line's units in a shipment. */
export type ShippedUnits = { lineId: string; quantity: number };

/** The seller's own order, its row locked until the transaction ends; null when not theirs. */
export async function lockOrderToShip(db: Database, sellerId: string, orderId: string): Promise<OrderToShip | null> {
  const found = await db.execute<OrderToShip>(sql`
      select status, customer_email, store_name, shipping_address
      from orders where id = ${orderId}::uuid and user_id = ${sellerId} for update`);
  return found.rows[0] ?? null;
}

/** The order's physical lines in checkout order, their rows locked until the transaction ends. */
export async function lockLinesToShip(db: Database, orderId: string): Promise<LineToShip[]> {
  const lines = await db.execute<LineToShip>(sql`
      select id, product_name, variant_title, quantity, fulfilled_quantity, refunded_quantity
      from order_lines where order_id = ${orderId}::uuid and kind = 'physical' order by position, id for update`);
  return lines.rows;
}

/**
 * Adds shipped units to the order's physical lines, each only within what is left to ship; returns the lines raised.
 */
export async function addShippedUnits(db: Database, orderId: string, shipment: ShippedUnits[]): Promise<string[]> {
  const updated = await db.execute<{ id: string }>(sql`
      update order_lines l set fulfilled_quantity = l.fulfilled_quantity + w.quantity
      from jsonb_to_recordset(${JSON.stringify(shipment)}::jsonb) as w("lineId" uuid, quantity int)
      where l.id = w."lineId" and l.order_id = ${orderId}::uuid and l.kind = 'physical'
        and l.fulfilled_quantity + w.quantity <= l.quantity - l.refunded_quantity
      returning l.id`);
  return updated.rows.map((row) => row.id);
}

/** Records a shipment and the order's new fulfilment status in one statement; returns the shipment's id. */
export async function recordShipment(
  db: Database,
  orderId: string,
  shipment: ShippedUnits[],
  parcel: { carrier: string; trackingNumber: string; trackingUrl: string; actorId: string; status: FulfilmentStatus },
): Promise<string> {
  const inserted = await db.execute<{ id: string }>(sql`
      with shipment as (
        insert into fulfilments (order_id, lines, carrier, tracking_number, tracking_url, actor_id)
        values (${orderId}::uuid, ${JSON.stringify(shipment)}::jsonb, ${parcel.carrier}, ${parcel.trackingNumber},
          ${parcel.trackingUrl}, ${parcel.actorId})
        returning id
      ), moved as (
        update orders set fulfilment_status = ${parcel.status}, updated_at = now() where id = ${orderId}::uuid
      )
      select id from shipment`);
  return inserted.rows[0]!.id;
}
