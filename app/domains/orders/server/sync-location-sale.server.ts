import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { locationOwnersSql } from "~/domains/inventory/server/location-sql.server";

/**
 * Brings its location's sales totals in line with one order, replacing the order's previous contribution so repeated or
 * reordered calls agree; counts paid or refunded orders as the analytics do, and the caller holds the order's row lock.
 */
export async function syncLocationSale(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
    with cur as (
      select o.id as order_id, o.location_id, s.user_id as seller_id, o.amount_cents::bigint as revenue_cents,
        o.refunded_cents::bigint as refunded_cents,
        coalesce((select sum(l.quantity) from order_lines l where l.order_id = o.id), 0)::int as units
      from orders o join (${locationOwnersSql}) s on s.id = o.location_id
      where o.id = ${orderId}::uuid and o.status in ('paid', 'refunded')
    ),
    old as (
      select f.order_id, f.location_id, s.user_id as seller_id, f.revenue_cents, f.refunded_cents, f.units
      from location_sale_facts f join (${locationOwnersSql}) s on s.id = f.location_id
      where f.order_id = ${orderId}::uuid
    ),
    saved as (
      insert into location_sale_facts (order_id, location_id, units, revenue_cents, refunded_cents)
      select order_id, location_id, units, revenue_cents, refunded_cents from cur
      on conflict (order_id) do update set location_id = excluded.location_id, units = excluded.units,
        revenue_cents = excluded.revenue_cents, refunded_cents = excluded.refunded_cents
      returning 1
    ),
    removed as (
      delete from location_sale_facts where order_id = ${orderId}::uuid and not exists (select 1 from cur) returning 1
    ),
    delta as (
      select location_id, seller_id, 1 as orders, units, revenue_cents, refunded_cents from cur
      union all
      select location_id, seller_id, -1, -units, -revenue_cents, -refunded_cents from old
    )
    insert into location_sales (location_id, seller_id, orders, units, revenue_cents, refunded_cents)
    select location_id, seller_id, sum(orders), sum(units), sum(revenue_cents), sum(refunded_cents) from delta
    group by location_id, seller_id
    having sum(orders) <> 0 or sum(units) <> 0 or sum(revenue_cents) <> 0 or sum(refunded_cents) <> 0
    on conflict (location_id) do update set orders = location_sales.orders + excluded.orders,
      units = location_sales.units + excluded.units,
        revenue_cents = location_sales.revenue_cents + excluded.revenue_cents,
      refunded_cents = location_sales.refunded_cents + excluded.refunded_cents
  `);
}
