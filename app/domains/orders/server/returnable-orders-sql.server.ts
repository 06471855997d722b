import { type SQL, sql } from "drizzle-orm";

// The seller's orders a return can start from, as the point of sale's return search lists them.

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
      (select json_agg(json_build_object('id', l.id, 'name', l.product_name, 'variantTitle', l.variant_title,
          'quantity', l.quantity, 'refundedQuantity', l.refunded_quantity, 'physical', l.kind = 'physical')
          order by l.position)
        from order_lines l where l.order_id = o.id) as lines
    from orders o
    where o.user_id = ${sellerId} and o.status in ('paid', 'refunded') and ${matches}
    order by o.created_at desc
    limit ${limit}`;
}
