import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/**
 * A rollup of the sales facts: its table, its grouping (column → expression over the delta), its unique key and
 * whether it keeps per-product order counts.
 */
type Rollup = { table: string; group: Record<string, string>; key: string; productOrders: boolean };

const ALL_TIME_TOTALS: Rollup = {
  productOrders: true,
  table: "analytics_sales_totals",
  group: { seller_id: "seller_id", product_id: "product_id", currency: "currency" },
  key: "seller_id, product_id, currency",
};
const BUCKETS: Rollup = {
  productOrders: false,
  table: "analytics_sales_buckets",
  group: { seller_id: "seller_id", bucket: "bucket", currency: "currency" },
  key: "seller_id, bucket, currency",
};
const PRODUCT_DAYS: Rollup = {
  productOrders: true,
  table: "analytics_sales_product_days",
  group: {
    seller_id: "seller_id",
    product_id: "product_id",
    day: "(bucket at time zone 'UTC')::date",
    currency: "currency",
  },
  key: "seller_id, day, product_id, currency",
};
const SOURCE_DAYS: Rollup = {
  productOrders: false,
  table: "analytics_source_sale_days",
  group: {
    seller_id: "seller_id",
    day: "(bucket at time zone 'UTC')::date",
    source: "source",
    utm_source: "utm_source",
    utm_medium: "utm_medium",
    utm_campaign: "utm_campaign",
    currency: "currency",
  },
  key: "seller_id, day, source, utm_source, utm_medium, utm_campaign, currency",
};

/**
 * Adds the `delta` CTE's sums to a rollup table, skipping all-zero groups; every name is a constant above, never input.
 */
function addDelta({ table, group, key, productOrders }: Rollup): SQL {
  const columns = Object.keys(group).join(", ");
  const values = Object.values(group).join(", ");
  const perProduct = productOrders ? ", product_orders" : "";
  return sql.raw(`insert into ${table} (${columns}, orders${perProduct}, units, revenue_cents)
    select ${values}, sum(orders)${productOrders ? ", sum(product_orders)" : ""}, sum(units), sum(revenue_cents) from delta
    group by ${values}
    having sum(orders) <> 0 or sum(product_orders) <> 0 or sum(units) <> 0 or sum(revenue_cents) <> 0
    on conflict (${key}) do update set
      orders = ${table}.orders + excluded.orders,${
        productOrders
          ? `
      product_orders = ${table}.product_orders + excluded.product_orders,`
          : ""
      }
      units = ${table}.units + excluded.units,
      revenue_cents = ${table}.revenue_cents + excluded.revenue_cents`);
}

/**
 * Brings the sales read model in line with one order, replacing its previous contribution so repeated or reordered
 * calls agree; the caller's transaction holds the order's row lock. Each product gets its units and a share of the
 * order's net revenue; the shares add up to it.
 */
export async function syncOrderSale(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    with sale as (
      select o.id as order_id, o.user_id as seller_id,
        date_bin('15 minutes', o.paid_at, timestamptz '1970-01-01 00:00:00+00') as bucket, o.currency,
        (o.amount_cents - o.refunded_cents)::bigint as net
      from orders o
      where o.id = ${orderId}::uuid and o.status in ('paid', 'refunded') and o.paid_at is not null
    ),
    kept as (
      select l.product_id, l.quantity, row_number() over (order by l.position, l.id) as n,
        greatest(l.subtotal_cents - l.discount_cents, 0)
          - floor(greatest(l.subtotal_cents - l.discount_cents,
            0)::numeric * l.refunded_quantity / l.quantity)::bigint as kept
      from order_lines l where l.order_id = ${orderId}::uuid and exists (select 1 from sale)
    ),
    shared as (
      select k.product_id, k.quantity, k.n, s.net,
        case when sum(k.kept) over () > 0 then floor(s.net::numeric * k.kept / sum(k.kept) over ())::bigint
          else 0 end as share
      from kept k cross join sale s
    ),
    by_line as (
      select product_id, quantity, share + case when n = 1 then net - sum(share) over () else 0 end as revenue
        from shared
    ),
    by_product as (
      select product_id, sum(quantity)::int as units, sum(revenue)::int as revenue_cents from by_line
        group by product_id
    ),
    cur as (
      select s.order_id, s.seller_id, p.product_id, s.bucket, s.currency,
        (row_number() over (order by p.product_id nulls first) = 1)::int as orders, p.units, p.revenue_cents
      from by_product p cross join sale s
    ),
    old as (
      select order_id, seller_id, product_id, bucket, currency, orders, units, revenue_cents from analytics_sale_facts
      where order_id = ${orderId}::uuid
    ),
    saved as (
      insert into analytics_sale_facts (order_id, seller_id, product_id, bucket, currency, orders, units, revenue_cents)
      select order_id, seller_id, product_id, bucket, currency, orders, units, revenue_cents from cur
      on conflict (order_id, product_id) do update set seller_id = excluded.seller_id, bucket = excluded.bucket,
        currency = excluded.currency, orders = excluded.orders, units = excluded.units,
          revenue_cents = excluded.revenue_cents
      returning 1
    ),
    removed as (
      delete from analytics_sale_facts f where f.order_id = ${orderId}::uuid
        and not exists (select 1 from cur where cur.product_id is not distinct from f.product_id)
      returning 1
    ),
    src as (
      select o.source, o.utm_source, o.utm_medium, o.utm_campaign from orders o where o.id = ${orderId}::uuid
    ),
    delta as (
      select d.*, src.source, src.utm_source, src.utm_medium, src.utm_campaign from (
        select seller_id, product_id, bucket, currency, orders, 1 as product_orders, units,
          revenue_cents::bigint as revenue_cents
        from cur
        union all
        select seller_id, product_id, bucket, currency, -orders, -1, -units, -revenue_cents::bigint from old
      ) d cross join src
    ),
    totals as (${addDelta(ALL_TIME_TOTALS)} returning 1),
    by_bucket as (${addDelta(BUCKETS)} returning 1),
    by_source as (${addDelta(SOURCE_DAYS)} returning 1)
    ${addDelta(PRODUCT_DAYS)}
  `);
}
