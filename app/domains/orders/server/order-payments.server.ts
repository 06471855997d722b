import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Approves the order's pending counter card or pay-on-phone payments, with the order's provider payment id. */
export async function approvePendingPayments(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
        update order_payments p set status = 'approved', provider_payment_id = coalesce(p.provider_payment_id,
          o.provider_payment_id)
        from orders o where o.id = p.order_id and p.order_id = ${orderId}::uuid and p.status = 'pending'`);
}

/** Declines the order's payments still pending: the order expired unpaid. */
export async function declinePendingPayments(db: Database, orderId: string): Promise<void> {
  await db.execute(
    sql`update order_payments set status = 'declined' where order_id = ${orderId}::uuid and status = 'pending'`,
  );
}
