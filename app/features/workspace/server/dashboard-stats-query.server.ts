import { sql } from "drizzle-orm";
import { DEFAULT_STORE_CURRENCY, STATS_WINDOW_DAYS, type DashboardStats, type StatFigure } from "~/features/workspace/dashboard-stats";
import type { PageQuery } from "~/features/accounts/server/page-query.server";

type Row = Record<string, string | number | null>;

const figure = (row: Row, name: string): StatFigure => ({
  total: Number(row[`${name}_total`] ?? 0),
  recent: Number(row[`${name}_recent`] ?? 0),
  previous: Number(row[`${name}_previous`] ?? 0),
});

const recent = sql`now() - make_interval(days => ${STATS_WINDOW_DAYS})`;
const previous = sql`now() - make_interval(days => ${STATS_WINDOW_DAYS * 2})`;

/**
 * What counts as a sale, everywhere (issue 16): an order whose status is `paid` or `refunded` (a refunded order
 * still counts as one order, its revenue `amount_cents - refunded_cents` is 0); pending, expired and disputed
 * orders are not sales. `o` is the orders table.
 */
export const IS_SALE = sql`o.status in ('paid', 'refunded')`;
/**
 * When a sale happened: its `paid_at` (rows from before issue 15, and a refund reported before its payment, have
 * none: then when the order was made).
 */
export const SOLD_AT = sql`coalesce(o.paid_at, o.created_at)`;

/** The signed-in creator's store currency: the online store's setting, USD until one is chosen. */
export const STORE_CURRENCY = sql`coalesce(
  (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store' and settings->>'currency' ~ '^[A-Z]{3}$'),
  ${DEFAULT_STORE_CURRENCY}::text
)`;

/**
 * Total Sales, Orders, Products and Customers of the signed-in creator, from their own products and sales
 * (IS_SALE, dated SOLD_AT; revenue is net of refunds),
 * with the change of the last STATS_WINDOW_DAYS days against the window before. Sales are summed in the
 * store's currency (the online store's setting, USD until one is chosen). One scan of the creator's orders
 * and one of their products, each figure an aggregate with a FILTER.
 */
export const dashboardStatsQuery: PageQuery<DashboardStats> = {
  json: sql`(
    with store as (select ${STORE_CURRENCY} as currency, ${recent} as recent_from, ${previous} as previous_from),
    -- One scan of the creator's sales, grouped by buyer in one hash aggregate; the figures add up the buyers.
    buyers as (
      select
        sum(amount_cents) filter (where in_store_currency) as sales_total,
        sum(amount_cents) filter (where in_store_currency and is_recent) as sales_recent,
        sum(amount_cents) filter (where in_store_currency and is_previous) as sales_previous,
        count(*) as orders_total,
        count(*) filter (where is_recent) as orders_recent,
        count(*) filter (where is_previous) as orders_previous,
        bool_or(is_recent) as bought_recently,
        bool_or(is_previous) as bought_previously
      from (
        select amount_cents, customer, in_store_currency, sold_at >= recent_from as is_recent, (sold_at >= previous_from and sold_at < recent_from) as is_previous
        from (
          select o.amount_cents - o.refunded_cents as amount_cents, lower(o.customer_email) as customer, o.currency = store.currency as in_store_currency,
            ${SOLD_AT} as sold_at, store.recent_from, store.previous_from
          from orders o cross join store where o.user_id = me.user_id and ${IS_SALE}
        ) dated
      ) sold
      group by customer
    ),
    order_figures as (
      select
        coalesce(sum(sales_total), 0) as sales_total,
        coalesce(sum(sales_recent), 0) as sales_recent,
        coalesce(sum(sales_previous), 0) as sales_previous,
        coalesce(sum(orders_total), 0) as orders_total,
        coalesce(sum(orders_recent), 0) as orders_recent,
        coalesce(sum(orders_previous), 0) as orders_previous,
        count(*) as customers_total,
        count(*) filter (where bought_recently) as customers_recent,
        count(*) filter (where bought_previously) as customers_previous
      from buyers
    ),
    product_figures as (
      select
        count(*) as products_total,
        count(*) filter (where created_at >= store.recent_from) as products_recent,
        count(*) filter (where created_at >= store.previous_from and created_at < store.recent_from) as products_previous
      from products cross join store where user_id = me.user_id
    )
    select row_to_json(figures) from (select store.currency, order_figures.*, product_figures.* from store, order_figures, product_figures) figures
  )`,
  read: (json) => {
    const row = (json ?? {}) as Row;
    return {
      currency: String(row.currency ?? DEFAULT_STORE_CURRENCY),
      totalSalesCents: figure(row, "sales"),
      orders: figure(row, "orders"),
      products: figure(row, "products"),
      customers: figure(row, "customers"),
    };
  },
};
