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
  const result = await db.execute(sql`
    with store as (
      select coalesce(
        (select settings->>'currency' from sales_methods where user_id = ${userId} and method = 'online_store' and settings->>'currency' ~ '^[A-Z]{3}$'),
        ${DEFAULT_STORE_CURRENCY}
      ) as currency
    ),
    mine as (select o.* from orders o where o.user_id = ${userId})
    select
      (select currency from store) as currency,
      (select coalesce(sum(amount_cents), 0) from mine where currency = (select currency from store)) as sales_total,
      (select coalesce(sum(amount_cents), 0) from mine where currency = (select currency from store) and created_at >= ${recent}) as sales_recent,
      (select coalesce(sum(amount_cents), 0) from mine where currency = (select currency from store) and created_at >= ${previous} and created_at < ${recent}) as sales_previous,
      (select count(*) from mine) as orders_total,
      (select count(*) from mine where created_at >= ${recent}) as orders_recent,
      (select count(*) from mine where created_at >= ${previous} and created_at < ${recent}) as orders_previous,
      (select count(distinct lower(customer_email)) from mine) as customers_total,
      (select count(distinct lower(customer_email)) from mine where created_at >= ${recent}) as customers_recent,
      (select count(distinct lower(customer_email)) from mine where created_at >= ${previous} and created_at < ${recent}) as customers_previous,
      (select count(*) from products where user_id = ${userId}) as products_total,
      (select count(*) from products where user_id = ${userId} and created_at >= ${recent}) as products_recent,
      (select count(*) from products where user_id = ${userId} and created_at >= ${previous} and created_at < ${recent}) as products_previous
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
