import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The channel on which an order's change is announced to its seller's open dashboards. */
export const ORDER_CHANGES_CHANNEL = "order_changes";

/** Tells the seller's live dashboards on every instance that an order changed, by a NOTIFY sent on commit. */
export async function announceOrderChange(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    select pg_notify(${ORDER_CHANGES_CHANNEL}, json_build_object('id', id, 'userId', user_id)::text) from orders
      where id = ${orderId}::uuid
  `);
}
