import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The channel on which an order's change is announced to its seller's open dashboards. */
export const ORDER_CHANGES_CHANNEL = "order_changes";

/**
 * Announces an order's changed figures to its seller's live dashboards on every instance, by a NOTIFY that PostgreSQL
 * sends only on commit.
 */
export async function announceOrderChange(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    select pg_notify(${ORDER_CHANGES_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text) from orders where id = ${orderId}::uuid
  `);
}
