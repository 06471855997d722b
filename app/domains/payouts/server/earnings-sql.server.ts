import { type SQL, sql } from "drizzle-orm";

// An order's earnings as SQL over an `orders` row `o`; the fee kept must round half up, as feeRefundFor does.

/** How far before the job's last run orders are reread: `updated_at` is a transaction's start, so late commits are still seen. */
export const SYNC_OVERLAP = sql`interval '10 minutes'`;

const counted = sql`(o.status in ('paid', 'refunded') and o.paid_at is not null)`;

/** The order's contribution: `provider` ('none' when unset), `currency`, `orders`, `gross`, `refunds`, `fees`. */
export const orderContributionColumns: SQL = sql`coalesce(o.provider, 'none') as provider, o.currency,
  case when ${counted} then 1 else 0 end as orders,
  case when ${counted} then o.amount_cents else 0 end as gross,
  case when ${counted} then o.refunded_cents else 0 end as refunds,
  case when ${counted} and o.amount_cents > 0 and o.platform_fee_cents > 0
    then o.platform_fee_cents - least(o.platform_fee_cents,
      round(o.platform_fee_cents::numeric * o.refunded_cents / o.amount_cents))::int
    else 0 end as fees`;

/** Where the job's last run read from, less the overlap; null before its first run. */
const syncedFrom = sql`(select synced_until - ${SYNC_OVERLAP} from payouts_sync where id = 1)`;
/** How far back the live part reads by the `updated_at` index (the job runs every minute). */
const RECENT = sql`now() - interval '1 hour'`;

/**
 * The seller's orders changed since the job's last run, with their contributions: what the book does not hold yet.
 * Each branch is gated on payouts_sync alone, so the database runs one; after a recent run it uses the `updated_at` index.
 */
export function sellerChangedOrders(userId: SQL): SQL {
  return sql`(
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and o.updated_at >= ${RECENT} and o.updated_at >= ${syncedFrom}
      and ${syncedFrom} >= ${RECENT}
    union all
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and o.updated_at >= ${syncedFrom} and ${syncedFrom} < ${RECENT}
    union all
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and not exists (select 1 from payouts_sync where id = 1)
  )`;
}
