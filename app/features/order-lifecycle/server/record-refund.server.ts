import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { followOrderChange } from "./follow-order-change.server";
import { type MovedOrder, transitionOrder } from "./transition-order.server";

/**
 * Raises an order's refunded total to the provider's running total, never lowering it; all of it marks every line
 * refunded. Returns the move or null.
 */
export async function recordRefund(
  services: { db: Database; mailer: Mailer; appUrl: string },
  orderId: string,
  totalRefundedCents: number,
  cause: string,
): Promise<MovedOrder | { id: string; partial: true } | null> {
  return inTransaction(services.db, async (tx) => {
    const found = await tx.execute<{ amount_cents: number; refunded_cents: number; status: string }>(
      sql`select amount_cents, refunded_cents, status from orders where id = ${orderId}::uuid for update`,
    );
    const order = found.rows[0];
    if (!order) return null;
    if (totalRefundedCents >= order.amount_cents) {
      // All of it refunded, by amount or by lines: every unit counts as refunded.
      await tx.execute(sql`update order_lines set refunded_quantity = quantity where order_id = ${orderId}::uuid`);
      return transitionOrder({ ...services, db: tx }, orderId, {
        to: "refunded",
        cause,
        set: { refundedCents: order.amount_cents },
      });
    }
    if (totalRefundedCents <= order.refunded_cents) return null;
    await tx.execute(sql`
      with raised as (
        update orders set refunded_cents = ${totalRefundedCents}, updated_at = now() where id = ${orderId}::uuid returning id, status
      )
      insert into order_events (order_id, from_status, to_status, cause, details)
      select id, status, status, ${cause}, ${JSON.stringify({ refundedCents: totalRefundedCents })}::jsonb from raised`);
    // Analytics, customer totals, live dashboards: the sale's revenue went down.
    await followOrderChange(tx, orderId, { saleChanged: true });
    return { id: orderId, partial: true };
  });
}
