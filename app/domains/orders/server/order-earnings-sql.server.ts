import { type SQL, sql } from "drizzle-orm";
import { orderTitleSql } from "./order-lines-sql.server";

// Orders as the payouts domain books them. The fee kept must round half up, as feeRefundFor does.

const counted = sql`(o.status in ('paid', 'refunded') and o.paid_at is not null)`;

/** An order `o`'s contribution: `provider` ('none' when unset), `currency`, `orders`, `gross`, `refunds`, `fees`. */
const orderContributionColumns: SQL = sql`coalesce(o.provider, 'none') as provider, o.currency,
  case when ${counted} then 1 else 0 end as orders,
  case when ${counted} then o.amount_cents else 0 end as gross,
  case when ${counted} then o.refunded_cents else 0 end as refunds,
  case when ${counted} and o.amount_cents > 0 and o.platform_fee_cents > 0
    then o.platform_fee_cents - least(o.platform_fee_cents,
      round(o.platform_fee_cents::numeric * o.refunded_cents / o.amount_cents))::int
    else 0 end as fees`;

/** Which orders a contributions read takes: the seller's, updated at or after each bound, while `when` holds. */
export type ContributionFilter = { sellerId?: SQL; updatedSince?: SQL[]; when?: SQL<boolean> };

/** The orders the filter takes, as `id`, `user_id` and their contribution columns: a subquery. */
export function orderContributionsSql(filter: ContributionFilter): SQL {
  const conditions = [
    ...(filter.sellerId ? [sql`o.user_id = ${filter.sellerId}`] : []),
    ...(filter.updatedSince ?? []).map((since) => sql`o.updated_at >= ${since}`),
    ...(filter.when ? [filter.when] : []),
  ];
  const where = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql`select o.id, o.user_id, ${orderContributionColumns} from orders o${where}`;
}

/**
 * The provider's paid orders updated at or after `since`, as `id`, `user_id`, `currency`, `status`, `amount_cents`,
 * `refunded_cents`, `platform_fee_cents` and `paid_at`: a subquery.
 */
export function paidOrdersChangedSinceSql(provider: string, since: Date): SQL {
  return sql`select o.id, o.user_id, o.currency, o.status, o.amount_cents, o.refunded_cents, o.platform_fee_cents,
      o.paid_at
    from orders o where o.provider = ${provider} and o.paid_at is not null and o.updated_at >= ${since}`;
}

/**
 * The seller's last five paid or refunded orders by the provider, newest first, as a JSON array of `id`, `productName`,
 * `amountCents`, `refundedCents`, `currency`, `paidAt`, `createdAt`; read only while `when` holds.
 */
export function recentPaidOrdersJsonSql(sellerId: SQL, provider: string, when: SQL<boolean>): SQL {
  return sql`(select coalesce(json_agg(row_to_json(c) order by c."createdAt" desc, c.id desc), '[]'::json) from (
    select o.id, ${orderTitleSql} as "productName", o.amount_cents as "amountCents",
      o.refunded_cents as "refundedCents", o.currency,
      o.paid_at as "paidAt", o.created_at as "createdAt"
    from orders o where o.user_id = ${sellerId} and o.provider = ${provider} and o.status in ('paid', 'refunded')
      and o.paid_at is not null
      and ${when}
    order by o.created_at desc, o.id desc limit 5) c)`;
}
