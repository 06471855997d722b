import { type SQL, sql } from "drizzle-orm";
import { orderTitleSql } from "./order-lines-sql.server";
import type { OrdersCursor } from "./seller-orders-query.server";

// SQL parts of the orders and customer totals as the customers domain reads them.

/** The seller's customers as `customer_totals` rows, optionally filtered by email, for the list and the export. */
export function customerTotalRowsSql(
  sellerId: SQL,
  { search = null, email = null }: { search?: string | null; email?: string | SQL | null },
): SQL {
  return sql`(
    select t.email, t.first_paid_at as first_at, t.last_paid_at as last_at, t.orders, t.spent_cents,
      (select json_agg(json_build_object('currency', s.key, 'cents', s.value::bigint) order by s.value::bigint desc,
        s.key)
        from jsonb_each_text(t.spent) s) as spent
    from customer_totals t
    where t.user_id = ${sellerId}
      and ${search ? sql`strpos(t.email, ${search}) > 0` : sql`true`}
      and ${email ? sql`t.email = ${email}` : sql`true`}
  )`;
}

/** The seller's orders from this lower-cased email after the cursor, newest first, at most `limit`, as list rows. */
export function customerOrderRowsSql(sellerId: SQL, email: string, after: OrdersCursor | null, limit: number): SQL {
  return sql`select o.id, o.status, ${orderTitleSql} as "productName", o.customer_email as "customerEmail",
            o.amount_cents as "amountCents",
            o.refunded_cents as "refundedCents", o.currency, o.discount_code as "discountCode",
              o.fulfilment_status as "fulfilmentStatus",
            o.created_at as "createdAt"
          from orders o
          where o.user_id = ${sellerId} and lower(o.customer_email) = ${email}
            and ${after ? sql`(o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
          order by o.created_at desc, o.id desc
          limit ${limit}`;
}

/** The seller's orders as a subquery with every column of `orders`, to alias as `o`. */
export function sellerOrdersSql(sellerId: SQL): SQL {
  return sql`(select * from orders where user_id = ${sellerId})`;
}

/** The platform fee order `o` keeps after succeeded refunds returned part of it, as a scalar SQL expression. */
export const keptFeeSql = sql`(o.platform_fee_cents - coalesce((select sum(r.fee_refunded_cents) from refunds r
  where r.order_id = o.id and r.status = 'succeeded'), 0))`;
