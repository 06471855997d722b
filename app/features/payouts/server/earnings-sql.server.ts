import { type SQL, sql } from "drizzle-orm";

// What one order adds to its seller's earnings, as SQL over an `orders` row aliased `o` (issue 16.5), shared by the
// payout job that books it and the payouts page that adds what changed since. As every page counts a sale: an
// order paid (or refunded since) counts from its `paid_at`; gross is what the buyer paid, refunds what went back,
// fees Sellkit's fee kept after its proportional refund (feeRefundFor in orders/platform-fee.ts, the same
// rounding: half up); disputed, pending and expired orders add nothing.

/**
 * How far before the payout job's last run orders are read again (by the next run, and live by the page): an
 * order's `updated_at` is its transaction's start, so a change committed just after a run started is still read.
 * Reading an order twice counts nothing twice (what was booked is subtracted).
 */
export const SYNC_OVERLAP = sql`interval '10 minutes'`;

const counted = sql`(o.status in ('paid', 'refunded') and o.paid_at is not null)`;

/** The order's contribution: `provider` ('none' before issue 15), `currency`, `orders`, `gross`, `refunds`, `fees`. */
export const orderContributionColumns: SQL = sql`coalesce(o.provider, 'none') as provider, o.currency,
  case when ${counted} then 1 else 0 end as orders,
  case when ${counted} then o.amount_cents else 0 end as gross,
  case when ${counted} then o.refunded_cents else 0 end as refunds,
  case when ${counted} and o.amount_cents > 0 and o.platform_fee_cents > 0
    then o.platform_fee_cents - least(o.platform_fee_cents, round(o.platform_fee_cents::numeric * o.refunded_cents / o.amount_cents))::int
    else 0 end as fees`;

/** Where the payout job's last run read orders from, less the overlap (null before its first run). */
const syncedFrom = sql`(select synced_until - ${SYNC_OVERLAP} from payouts_sync where id = 1)`;
/** How far back the live part reads by the index on orders.updated_at (the job runs every minute). */
const RECENT = sql`now() - interval '1 hour'`;

/**
 * The seller's orders changed since the payout job's last run, each with its contribution (`id` and
 * orderContributionColumns): the part of their earnings the book does not hold yet. Three branches, of which the
 * database runs one (each is gated by a condition on payouts_sync alone): the job ran within the hour — the orders
 * changed since, found by the index on `updated_at` (a bound on now() lets the planner see how few they are); the job
 * last ran longer ago — the seller's orders changed since; it never ran — all the seller's orders.
 */
export function sellerChangedOrders(userId: SQL): SQL {
  return sql`(
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and o.updated_at >= ${RECENT} and o.updated_at >= ${syncedFrom} and ${syncedFrom} >= ${RECENT}
    union all
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and o.updated_at >= ${syncedFrom} and ${syncedFrom} < ${RECENT}
    union all
    select o.id, ${orderContributionColumns} from orders o
    where o.user_id = ${userId} and not exists (select 1 from payouts_sync where id = 1)
  )`;
}
