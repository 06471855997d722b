import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The channel on which an order's change is announced to its seller's open dashboards (issue 16.6). */
export const ORDER_CHANGES_CHANNEL = "order_changes";

/**
 * Announces that an order's figures changed (paid, refunded in part or in full, disputed…) to its seller's live
 * dashboards on every instance: a NOTIFY with the order's id and seller, sent by PostgreSQL when the transaction of
 * the change commits (never for a change rolled back). The dashboards re-read their figures; nothing else of the
 * order leaves the database this way.
 */
export async function announceOrderChange(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    select pg_notify(${ORDER_CHANGES_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text) from orders where id = ${orderId}::uuid
  `);
}
