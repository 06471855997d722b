import { sql } from "drizzle-orm";
import { orderTitleSql } from "~/domains/orders/server/order-lines-sql.server";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import {
  LANDING_CUSTOMERS,
  LANDING_PRODUCTS,
  LANDING_TRANSACTIONS,
  type LandingFigures,
} from "~/pages/dashboards/landing-figures";
import { savedTimeZoneQuery } from "~/kernel/store/creator-time-zone.server";
import {
  dashboardStatsQuery,
  IS_SALE,
  SOLD_AT,
  STORE_CURRENCY,
} from "~/domains/workspace/server/dashboard-stats-query.server";

type LandingJson = Omit<LandingFigures, "stats" | "productCount" | "savedTimeZone"> & {
  stats: unknown;
  productCount: number | string;
  savedTimeZone: unknown;
};

/** The signed-in landing's data, null before the first product; it reuses the dashboard's query so the two agree. */
export const landingPageQuery: PageQuery<LandingFigures | null> = pagePart(
  sql<LandingJson | null>`(
    select case when not exists (select from products where user_id = me.user_id) then null else json_build_object(
      'stats', ${dashboardStatsQuery.json},
      'handle', (select handle from storefronts where user_id = me.user_id),
      'savedTimeZone', ${savedTimeZoneQuery.json},
      'productCount', (select count(*) from products where user_id = me.user_id),
      'products', (
        with store as (select ${STORE_CURRENCY} as currency),
        shown as (
          select p.id, p.name, p.type, p.status, p.slug, p.created_at from products p
          where p.user_id = me.user_id order by (p.status = 'archived'), p.created_at desc,
            p.id limit ${LANDING_PRODUCTS}
        ),
        sold as (
          select t.product_id, sum(t.product_orders)::int as sales,
            coalesce(sum(t.revenue_cents) filter (where t.currency = store.currency), 0)::bigint as revenue
          from analytics_sales_totals t cross join store
          where t.seller_id = me.user_id and t.product_id in (select id from shown)
          group by t.product_id
        )
        select coalesce(json_agg(json_build_object('id', shown.id, 'name', shown.name, 'type', shown.type, 'status',
          shown.status, 'slug', shown.slug,
          'sales', coalesce(sold.sales, 0), 'revenueCents', coalesce(sold.revenue, 0))
            order by (shown.status = 'archived'), shown.created_at desc, shown.id), '[]'::json)
        from shown left join sold on sold.product_id = shown.id
      ),
      'recentSales', (
        select coalesce(json_agg(row_to_json(recent) order by recent."soldAt" desc, recent.id desc), '[]'::json) from (
          select o.id, ${orderTitleSql} as "productName", o.customer_email as "customerEmail",
            o.amount_cents - o.refunded_cents as "netCents",
            o.refunded_cents as "refundedCents", o.currency, o.status, ${SOLD_AT} as "soldAt"
          from orders o where o.user_id = me.user_id and ${IS_SALE}
          order by ${SOLD_AT} desc, o.id desc limit ${LANDING_TRANSACTIONS}
        ) recent
      ),
      'customers', (
        with store as (select ${STORE_CURRENCY} as currency)
        select coalesce(json_agg(row_to_json(buyers) order by buyers."lastPurchaseAt" desc, buyers.email desc),
          '[]'::json) from (
          -- The buyers who bought last, from their totals (customer_totals_last_idx, read backwards).
          select c.email, c.orders, coalesce((c.spent ->> store.currency)::bigint, 0) as "spentCents",
            c.last_paid_at as "lastPurchaseAt"
          from customer_totals c cross join store
          where c.user_id = me.user_id
          order by c.last_paid_at desc, c.email desc limit ${LANDING_CUSTOMERS}
        ) buyers
      )
    ) end
  )`,
  (value) => {
    if (!value) return null;
    return {
      ...value,
      stats: dashboardStatsQuery.read(value.stats),
      savedTimeZone: savedTimeZoneQuery.read(value.savedTimeZone),
      productCount: Number(value.productCount),
      products: value.products.map((product) => ({ ...product, revenueCents: Number(product.revenueCents) })),
      customers: value.customers.map((customer) => ({ ...customer, spentCents: Number(customer.spentCents) })),
    };
  },
);
