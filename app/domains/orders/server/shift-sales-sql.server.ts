import { type SQL, sql } from "drizzle-orm";

// SQL parts of the orders sold in a register's shift, for the Z-report the point of sale keeps.

/**
 * One row of the shift's sales figures: `sales_count`, `gross_cents`, `discounts_cents`, `refunds_cents`, and
 * `by_method`, `items` and `refunds` (non-cash refunds by tender) as JSON arrays; a subquery.
 */
export function shiftSalesFiguresSql(shiftId: string): SQL {
  return sql`with sold as (
      select o.* from orders o
      where o.shift_id = ${shiftId}::uuid and (o.status = 'paid' or (o.status = 'refunded' and o.paid_at is not null))
    )
    select
      (select count(*)::int from sold) as sales_count,
      (select coalesce(sum(subtotal_cents), 0)::int from sold) as gross_cents,
      (select coalesce(sum(discount_cents), 0)::int from sold) as discounts_cents,
      (select coalesce(sum(refunded_cents), 0)::int from sold) as refunds_cents,
      (select jsonb_agg(m) from (
        select p.method, sum(p.amount_cents)::int as sales, count(*)::int as count
        from order_payments p join sold o on o.id = p.order_id group by p.method order by p.method) m) as by_method,
      (select jsonb_agg(i) from (
        select l.product_name || case when l.variant_title <> '' then ' (' || l.variant_title || ')'
          else '' end as name,
          sum(l.quantity - l.refunded_quantity)::int as quantity,
            sum(l.subtotal_cents - l.discount_cents)::int as "amountCents"
        from order_lines l join sold o on o.id = l.order_id group by 1 order by 2 desc, 1) i) as items,
      -- Cash refunds are the drawer's; the others went back by card, phone, online or another method.
      (select jsonb_agg(t) from (
        select x.key as method, sum(x.value::int)::int as cents from refunds r cross join jsonb_each_text(r.tenders) x
        where r.shift_id = ${shiftId}::uuid and r.status = 'succeeded' and x.key <> 'cash'
        group by x.key order by x.key) t) as refunds`;
}

/** Whether the order whose id the expression gives was ever paid, as a boolean SQL expression (false for null). */
export function orderWasPaidSql(orderId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from orders o where o.id = ${orderId} and o.paid_at is not null)`;
}
