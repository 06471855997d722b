import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/**
 * Whether order `o` is a sale: paid, or refunded after it was paid. Orders paid before migration 0008 lack a paid_at
 * and count from creation.
 */
export const IS_SALE = sql`(o.status = 'paid' or (o.status = 'refunded' and o.paid_at is not null))`;
export const SALE_AT = sql`coalesce(o.paid_at, o.created_at)`;

/**
 * Recomputes, or removes, the `customer_totals` row of the buyer of `orderId`. Recomputing rather than adding deltas
 * stays right whatever arrives twice or out of order.
 */
export async function refreshCustomerTotals(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    with buyer as (
      select user_id, lower(customer_email) as email from orders where id = ${orderId}::uuid and customer_email <> ''
    ), per as (
      select b.user_id, b.email, o.currency, min(${SALE_AT}) as first_paid_at, max(${SALE_AT}) as last_paid_at,
        count(*) as orders,
        sum(o.amount_cents - o.refunded_cents)::bigint as spent
      from buyer b join orders o on lower(o.customer_email) = b.email and o.user_id = b.user_id
      where ${IS_SALE}
      group by b.user_id, b.email, o.currency
    ), total as (
      select user_id, email, min(first_paid_at) as first_paid_at, max(last_paid_at) as last_paid_at,
        sum(orders)::int as orders,
        sum(spent)::bigint as spent_cents, jsonb_object_agg(currency, spent) as spent
      from per group by user_id, email
    ), written as (
      insert into customer_totals (user_id, email, first_paid_at, last_paid_at, orders, spent_cents, spent)
      select user_id, email, first_paid_at, last_paid_at, orders, spent_cents, spent from total
      on conflict (user_id, email) do update set first_paid_at = excluded.first_paid_at,
        last_paid_at = excluded.last_paid_at,
        orders = excluded.orders, spent_cents = excluded.spent_cents, spent = excluded.spent
      returning 1
    )
    delete from customer_totals c using buyer b
    where c.user_id = b.user_id and c.email = b.email and not exists (select 1 from total)`);
}
