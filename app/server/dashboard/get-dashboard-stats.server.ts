import { sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { DEFAULT_STORE_CURRENCY, STATS_WINDOW_DAYS, type DashboardStats, type StatFigure } from "~/lib/dashboard-stats";

type Row = Record<string, string | number | null>;

const figure = (row: Row, name: string): StatFigure => ({
  total: Number(row[`${name}_total`] ?? 0),
  recent: Number(row[`${name}_recent`] ?? 0),
  previous: Number(row[`${name}_previous`] ?? 0),
});

/**
 * Total Sales, Orders, Products and Customers of one creator, from their own products and orders, with the
 * change of the last STATS_WINDOW_DAYS days against the window before — in one round trip. Sales are
 * summed in the store's currency (the online store's setting, USD until one is chosen).
 */
export async function getDashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  const recent = sql`now() - make_interval(days => ${STATS_WINDOW_DAYS})`;
  const previous = sql`now() - make_interval(days => ${STATS_WINDOW_DAYS * 2})`;
  // One scan of the creator's orders and one of their products, each figure an aggregate with a FILTER.
  const result = await db.execute(sql`
    with store as (
      select coalesce(
        (select settings->>'currency' from sales_methods where user_id = ${userId} and method = 'online_store' and settings->>'currency' ~ '^[A-Z]{3}$'),
        ${DEFAULT_STORE_CURRENCY}
      ) as currency
    ),
    mine as (
      select o.amount_cents, o.created_at, lower(o.customer_email) as customer, o.currency = store.currency as in_store_currency,
        o.created_at >= ${recent} as is_recent, (o.created_at >= ${previous} and o.created_at < ${recent}) as is_previous
      from orders o cross join store where o.user_id = ${userId}
    ),
    order_figures as (
      select
        coalesce(sum(amount_cents) filter (where in_store_currency), 0) as sales_total,
        coalesce(sum(amount_cents) filter (where in_store_currency and is_recent), 0) as sales_recent,
        coalesce(sum(amount_cents) filter (where in_store_currency and is_previous), 0) as sales_previous,
        count(*) as orders_total,
        count(*) filter (where is_recent) as orders_recent,
        count(*) filter (where is_previous) as orders_previous,
        count(distinct customer) as customers_total,
        count(distinct customer) filter (where is_recent) as customers_recent,
        count(distinct customer) filter (where is_previous) as customers_previous
      from mine
    ),
    product_figures as (
      select
        count(*) as products_total,
        count(*) filter (where created_at >= ${recent}) as products_recent,
        count(*) filter (where created_at >= ${previous} and created_at < ${recent}) as products_previous
      from products where user_id = ${userId}
    )
    select store.currency, order_figures.*, product_figures.* from store, order_figures, product_figures
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0] ?? {};
  return {
    currency: String(row.currency ?? DEFAULT_STORE_CURRENCY),
    totalSalesCents: figure(row, "sales"),
    orders: figure(row, "orders"),
    products: figure(row, "products"),
    customers: figure(row, "customers"),
  };
}
