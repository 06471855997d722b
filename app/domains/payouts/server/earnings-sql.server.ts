import { type SQL, sql } from "drizzle-orm";
import { orderContributionsSql } from "~/domains/orders/server/order-earnings-sql.server";

// The orders the earnings book does not hold yet, as SQL for the payouts page and job.

/**
 * How far before the job's last run orders are reread: `updated_at` is a transaction's start, so late commits are still
 * seen.
 */
export const SYNC_OVERLAP = sql`interval '10 minutes'`;

/** Where the job's last run read from, less the overlap; null before its first run. */
const syncedFrom = sql`(select synced_until - ${SYNC_OVERLAP} from payouts_sync where id = 1)`;
/** How far back the live part reads by the `updated_at` index (the job runs every minute). */
const RECENT = sql`now() - interval '1 hour'`;

/**
 * The seller's orders changed since the job's last run, with their contributions: what the book does not hold yet.
 * Each branch is gated on payouts_sync alone, so the database runs one; after a recent run it uses the `updated_at`
 * index.
 */
export function sellerChangedOrders(userId: SQL): SQL {
  const recent = orderContributionsSql({
    sellerId: userId,
    updatedSince: [RECENT, syncedFrom],
    when: sql`${syncedFrom} >= ${RECENT}`,
  });
  const sinceSync = orderContributionsSql({
    sellerId: userId,
    updatedSince: [syncedFrom],
    when: sql`${syncedFrom} < ${RECENT}`,
  });
  const all = orderContributionsSql({
    sellerId: userId,
    when: sql`not exists (select 1 from payouts_sync where id = 1)`,
  });
  return sql`(${recent} union all ${sinceSync} union all ${all})`;
}
