import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** An order's amount, refunded total and state, its row locked until the transaction ends; null when missing. */
export async function lockRefundedTotal(
  db: Database,
  orderId: string,
): Promise<{ amountCents: number; refundedCents: number; status: string } | null> {
  const found = await db.execute<{ amount_cents: number; refunded_cents: number; status: string }>(
    sql`select amount_cents, refunded_cents, status from orders where id = ${orderId}::uuid for update`,
  );
  const order = found.rows[0];
  return order ? { amountCents: order.amount_cents, refundedCents: order.refunded_cents, status: order.status } : null;
}

/** Counts every unit of the order's lines as refunded. */
export async function markEveryLineRefunded(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`update order_lines set refunded_quantity = quantity where order_id = ${orderId}::uuid`);
}

/** Raises the order's refunded total to `totalRefundedCents`, with an order_events row of `cause` in its state. */
export async function raiseRefundedTotal(
  db: Database,
  orderId: string,
  totalRefundedCents: number,
  cause: string,
): Promise<void> {
  await db.execute(sql`
      with raised as (
        update orders set refunded_cents = ${totalRefundedCents}, updated_at = now() where id = ${orderId}::uuid
          returning id, status
      )
      insert into order_events (order_id, from_status, to_status, cause, details)
      select id, status, status, ${cause}, ${JSON.stringify({ refundedCents: totalRefundedCents })}::jsonb from raised`);
}
