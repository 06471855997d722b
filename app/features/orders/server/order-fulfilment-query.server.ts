import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { OrderFulfilment } from "~/features/orders/fulfilment-display";

/** The seller's order as the fulfilment panel and packing slip read it; null when not theirs or nothing ships. */
export function orderFulfilmentQuery(orderId: string): PageQuery<OrderFulfilment | null> {
  return {
    json: sql`(
      select json_build_object(
        'orderId', o.id, 'status', o.fulfilment_status, 'orderStatus', o.status, 'storeName', o.store_name,
        'customerEmail', o.customer_email, 'createdAt', o.created_at, 'paidAt', o.paid_at,
        'shippingAddress', o.shipping_address, 'shippingRateName', o.shipping_rate_name,
        'lines', lines.list,
        'shipments', (select coalesce(json_agg(json_build_object('id', f.id, 'createdAt', f.created_at, 'carrier', f.carrier,
            'trackingNumber', f.tracking_number, 'trackingUrl', f.tracking_url, 'lines', f.lines) order by f.created_at, f.id), '[]'::json)
          from fulfilments f where f.order_id = o.id)
      )
      from orders o
      cross join lateral (
        select json_agg(json_build_object('id', l.id, 'productName', l.product_name, 'variantTitle', l.variant_title,
            'sku', l.sku, 'quantity', l.quantity, 'fulfilledQuantity', l.fulfilled_quantity,
            'refundedQuantity', l.refunded_quantity) order by l.position, l.id) as list
        from order_lines l where l.order_id = o.id and l.kind = 'physical'
      ) lines
      where o.id = ${orderId}::uuid and o.user_id = me.user_id and lines.list is not null
    )`,
    read: (json) => (json ? (json as OrderFulfilment) : null),
  };
}
