import { type SQL, sql } from "drizzle-orm";

// SQL parts of the orders sold at a location, for an event's report: what sold, what it was paid with.

/** The paid or refunded orders: `id`, `user_id`, `location_id`, `amount_cents`, `refunded_cents`, `sold_at`. */
export const soldOrdersSql: SQL = sql`select o.id, o.user_id, o.location_id, o.amount_cents, o.refunded_cents,
    coalesce(o.paid_at, o.created_at) as sold_at
  from orders o where o.status in ('paid', 'refunded')`;

/** The units on the orders whose ids the subquery gives, as a scalar SQL expression (0 for none). */
export function unitsSoldSql(orderIds: SQL): SQL {
  return sql`coalesce((select sum(l.quantity) from order_lines l where l.order_id in (${orderIds})), 0)`;
}

/** What the orders sold per product and variant, a JSON array of `name`, `units`, `revenueCents`, most units first. */
export function productSalesJsonSql(orderIds: SQL): SQL {
  return sql`coalesce((select json_agg(x order by x.units desc, x."revenueCents" desc, x.name) from (
      select l.product_name || case when coalesce(l.variant_title, '') <> '' then ' – ' || l.variant_title
        else '' end as name,
        sum(l.quantity)::int as units, sum(l.subtotal_cents - l.discount_cents)::int as "revenueCents"
      from order_lines l where l.order_id in (${orderIds}) group by 1) x), '[]'::json)`;
}

/** The orders' approved payments per method, as a JSON array of `method`, `amountCents`, largest first. */
export function paymentsByMethodJsonSql(orderIds: SQL): SQL {
  return sql`coalesce((select json_agg(y order by y."amountCents" desc) from (
      select p.method, sum(p.amount_cents)::int as "amountCents" from order_payments p
      where p.order_id in (${orderIds}) and p.status = 'approved' group by p.method) y), '[]'::json)`;
}
