import { type SQL, sql } from "drizzle-orm";
import { orderDigitalProductsSql, orderTitleSql } from "./order-lines-sql.server";

// SQL parts of the orders as delivery reads them: a buyer's purchases, a download's order, a counter sale's receipt.

/** The order with this id, as a subquery of at most one row: `id`, `status`, `customer_email`. */
export function orderForDownloadSql(orderId: string): SQL {
  return sql`select o.id, o.status, o.customer_email from orders o where o.id = ${orderId}::uuid`;
}

/** The seller's counter sale by its order id or device sale id: a subquery of at most one `id`, `customer_email`. */
export function counterSaleSql(sellerId: string, saleId: string): SQL {
  return sql`select o.id, o.customer_email from orders o
    where o.user_id = ${sellerId} and o.channel = 'pos'
      and (o.id = ${saleId}::uuid or o.device_sale_id = ${saleId}::uuid)
    limit 1`;
}

/** The buyer's paid orders, newest first, at most `limit`, as `id`, `product_name`, `store_name`, `ordered_at` rows. */
export function buyerPaidOrdersSql(email: string, limit: number): SQL {
  return sql`
    select o.id, ${orderTitleSql} as product_name, o.store_name, coalesce(o.paid_at, o.created_at) as ordered_at
      from orders o
    where lower(customer_email) = ${email} and status = 'paid'
    order by coalesce(paid_at, created_at) desc limit ${limit}`;
}

/**
 * Every order as its buyer's download page reads it, a subquery of `id`, `status`, `store_name`, `customer_email`,
 * `amount_cents`, `refunded_cents`, `discount_cents`, `currency`, `paid_at`, `created_at`, `fulfilment_status`.
 */
export const purchaseOrdersSql: SQL = sql`select o.id, o.status, o.store_name, o.customer_email, o.amount_cents,
    o.refunded_cents, o.discount_cents, o.currency, o.paid_at, o.created_at, o.fulfilment_status
  from orders o`;

/** The lines of an order `o` whose products deliver files, as a subquery of `id`, `product_id` and `position`. */
export const orderDigitalLinesSql: SQL = sql`select l.id, l.product_id, l.position from order_lines l
  where l.order_id = o.id and l.product_id in ${orderDigitalProductsSql}`;

/** The physical lines of an order `o` as a JSON array for the buyer (no SKU), null without any. */
export const orderPhysicalLinesJsonSql: SQL = sql`(select json_agg(json_build_object('id', l.id,
    'productName', l.product_name, 'variantTitle', l.variant_title, 'sku', null, 'quantity', l.quantity,
    'fulfilledQuantity', l.fulfilled_quantity, 'refundedQuantity', l.refunded_quantity) order by l.position, l.id)
  from order_lines l where l.order_id = o.id and l.kind = 'physical')`;

/** The shipments of an order `o` as a JSON array, oldest first. */
export const orderShipmentsJsonSql: SQL = sql`coalesce((select json_agg(json_build_object('id', s.id,
    'createdAt', s.created_at, 'carrier', s.carrier, 'trackingNumber', s.tracking_number, 'trackingUrl', s.tracking_url,
    'lines', s.lines) order by s.created_at, s.id)
  from fulfilments s where s.order_id = o.id), '[]'::json)`;

/**
 * The order as its receipt mail lists it, a subquery of at most one row: `channel`, `discount_cents`, `discount_code`,
 * `paid_at`, `shipping_address` and its `lines` as JSON.
 */
export function receiptOrderSql(orderId: string): SQL {
  return sql`select o.channel, o.discount_cents, o.discount_code, o.paid_at, o.shipping_address,
      (select coalesce(json_agg(json_build_object('name', l.product_name, 'variant', l.variant_title,
        'quantity', l.quantity, 'cents', l.subtotal_cents, 'kind', l.kind) order by l.position, l.id), '[]'::json)
        from order_lines l where l.order_id = o.id) as lines
    from orders o where o.id = ${orderId}::uuid`;
}
