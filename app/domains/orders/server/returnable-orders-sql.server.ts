import { type SQL, sql } from "drizzle-orm";

// The seller's orders as the point of sale lists them: the return search and a shift's recent sales.

/** An order `o`'s lines as a return lists them, a JSON array in checkout order (null without lines). */
const saleLinesJsonSql: SQL = sql`(select json_agg(json_build_object('id', l.id, 'name', l.product_name,
    'variantTitle', l.variant_title, 'quantity', l.quantity, 'refundedQuantity', l.refunded_quantity,
    'physical', l.kind = 'physical') order by l.position)
  from order_lines l where l.order_id = o.id)`;

/**
 * The seller's paid or refunded orders matching `match` (SQL over `o`), newest first, at most `limit`, as rows of
 * `orderId`, `soldAt`, `amountCents`, `status`, `channel`, `email`, `currency` and their `lines` as JSON: a statement.
 */
export function returnableOrdersSql(
  sellerId: string,
  match: { email: string } | { number: string },
  limit: number,
): SQL {
  const matches: SQL =
    "email" in match
      ? sql`lower(o.customer_email) = ${match.email}`
      : sql`replace(o.id::text, '-', '') like ${`${match.number}%`}`;
  return sql`
    select o.id as "orderId", o.created_at as "soldAt", o.amount_cents as "amountCents", o.status, o.channel,
      o.customer_email as email, o.currency,
      ${saleLinesJsonSql} as lines
    from orders o
    where o.user_id = ${sellerId} and o.status in ('paid', 'refunded') and ${matches}
    order by o.created_at desc
    limit ${limit}`;
}

/** The shift's last 50 paid or refunded sales, newest first, with their lines, as a JSON array. */
export function shiftRecentSalesJsonSql(shiftId: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object(
      'orderId', o.id, 'soldAt', o.created_at, 'amountCents', o.amount_cents, 'status', o.status,
      'lines', ${saleLinesJsonSql})
      order by o.created_at desc)
    from (select * from orders where shift_id = ${shiftId} and status in ('paid', 'refunded')
      order by created_at desc limit 50) o), '[]'::json)`;
}
