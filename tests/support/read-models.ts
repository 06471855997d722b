import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";

/**
 * After orders written directly (not through the order state machine, whose `followOrderChange` keeps them): the
 * read models rebuilt as the migrations' backfills do — the analytics rollups and every buyer's customer totals.
 */
export async function rebuildReadModels(db: Database): Promise<void> {
  await db.execute(sql`select analytics_rebuild_rollups()`);
  const buyers = await db.execute<{ id: string }>(
    sql`select distinct on (user_id, lower(customer_email)) id from orders order by user_id, lower(customer_email)`,
  );
  for (const { id } of buyers.rows) await refreshCustomerTotals(db, id);
}
