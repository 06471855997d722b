import { sql } from "drizzle-orm";
import { STATS_WINDOW_DAYS, type DashboardStats, type StatFigure } from "~/domains/workspace/dashboard-stats";
import { DEFAULT_STORE_CURRENCY } from "~/kernel/store/store-defaults";
import type { PageQuery } from "~/kernel/session/page-query.server";

type Row = Record<string, string | number | null>;

const figure = (row: Row, name: string): StatFigure => ({
  total: Number(row[`${name}_total`] ?? 0),
  recent: Number(row[`${name}_recent`] ?? 0),
  previous: Number(row[`${name}_previous`] ?? 0),
});

/**
 * What counts as a sale, everywhere: an order whose status is `paid` or `refunded` (a refunded order
 * still counts as one order, its revenue `amount_cents - refunded_cents` is 0); pending, expired and disputed
 * orders are not sales. `o` is the orders table.
 */
export const IS_SALE = sql`o.status in ('paid', 'refunded')`;
/**
 * When a sale happened: its `paid_at` (old rows, and a refund reported before its payment, have
 * none: then when the order was made).
 */
export const SOLD_AT = sql`coalesce(o.paid_at, o.created_at)`;

/** The signed-in creator's store currency: the online store's setting, USD until one is chosen. */
export const STORE_CURRENCY = sql`coalesce(
  (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store'
    and settings->>'currency' ~ '^[A-Z]{3}$'),
  ${DEFAULT_STORE_CURRENCY}::text
)`;

/** The start of the current 15-minute bucket of the analytics read model (decision 020). */
const THIS_BUCKET = sql`date_bin('15 minutes', now(), timestamptz '1970-01-01 00:00:00+00')`;

/**
 * Total Sales, Orders, Products and Customers of the signed-in creator, each with its change over the last
 * STATS_WINDOW_DAYS days against the window before — read from the analytics read model and the customer totals,
 * never from the orders, so the cost does not grow with the store:
 * - Total Sales and Orders: all-time from `analytics_sales_totals`; the windows from the 15-minute buckets of the last
 *   2 × STATS_WINDOW_DAYS days (the windows end now and start on a quarter hour). Sales follow the one sale rule
 *   (IS_SALE, net of refunds) in the store's currency (the online store's setting, USD until one is chosen).
 * - Customers: everyone with a sale (`customer_totals`); the windows count new customers (first purchase in them).
 * - Products: the creator's products; the windows count the products added in them.
 */
export const dashboardStatsQuery: PageQuery<DashboardStats> = {
  json: sql`(
    with store as (
      select ${STORE_CURRENCY} as currency, ${THIS_BUCKET} - make_interval(days => ${STATS_WINDOW_DAYS}) as recent_from,
        ${THIS_BUCKET} - make_interval(days => ${STATS_WINDOW_DAYS * 2}) as previous_from
    ),
    totals as (
      select coalesce(sum(t.revenue_cents) filter (where t.currency = store.currency), 0) as sales_total,
        coalesce(sum(t.orders), 0) as orders_total
      from store left join analytics_sales_totals t on t.seller_id = me.user_id
    ),
    windows as (
      select
        coalesce(sum(b.revenue_cents) filter (where b.currency = store.currency and b.bucket >= store.recent_from),
          0) as sales_recent,
        coalesce(sum(b.revenue_cents) filter (where b.currency = store.currency and b.bucket < store.recent_from),
          0) as sales_previous,
        coalesce(sum(b.orders) filter (where b.bucket >= store.recent_from), 0) as orders_recent,
        coalesce(sum(b.orders) filter (where b.bucket < store.recent_from), 0) as orders_previous
      from store left join analytics_sales_buckets b on b.seller_id = me.user_id and b.bucket >= store.previous_from
    ),
    customer_figures as (
      select
        (select count(*) from customer_totals c where c.user_id = me.user_id) as customers_total,
        (select count(*) from customer_totals c where c.user_id = me.user_id
          and c.first_paid_at >= store.recent_from) as customers_recent,
        (select count(*) from customer_totals c where c.user_id = me.user_id and c.first_paid_at >= store.previous_from
          and c.first_paid_at < store.recent_from) as customers_previous
      from store
    ),
    product_figures as (
      select
        count(*) as products_total,
        count(*) filter (where created_at >= store.recent_from) as products_recent,
        count(*) filter (where created_at >= store.previous_from
          and created_at < store.recent_from) as products_previous
      from products cross join store where user_id = me.user_id
    )
    select row_to_json(figures) from (
      select store.currency, totals.*, windows.*, customer_figures.*, product_figures.* from store, totals, windows,
        customer_figures, product_figures
    ) figures
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
