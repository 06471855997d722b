import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** A pending order the reconciler asks its provider about. */
export type OverdueOrder = {
  id: string;
  provider: string | null;
  provider_checkout_id: string | null;
  expires_at: string | null;
};

/** Pending orders expired by `now` or created before `staleBefore`, oldest first, at most `limit`. */
export async function readOverdueOrders(
  db: Database,
  { now, staleBefore, limit }: { now: Date; staleBefore: Date; limit: number },
): Promise<OverdueOrder[]> {
  const found = await db.execute<OverdueOrder>(sql`
      select id, provider, provider_checkout_id, expires_at from orders
      where status = 'pending' and (expires_at <= ${now} or created_at <= ${staleBefore})
      order by created_at limit ${limit}`);
  return found.rows;
}
