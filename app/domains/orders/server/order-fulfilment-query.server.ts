import { sql } from "drizzle-orm";
import {
  type JsonOf,
  jsonList,
  jsonObject,
  jsonRow,
  pagePart,
  type PageQuery,
} from "~/kernel/session/page-query.server";
import type { OrderFulfilment } from "~/domains/orders/fulfilment-display";
import { fulfilments, orderLines, orders } from "~/domains/orders/tables.server";

const line = jsonObject({
  id: orderLines.id,
  productName: orderLines.productName,
  variantTitle: orderLines.variantTitle,
  sku: orderLines.sku,
  quantity: orderLines.quantity,
  fulfilledQuantity: orderLines.fulfilledQuantity,
  refundedQuantity: orderLines.refundedQuantity,
});

const shipments = jsonList(
  jsonObject({
    id: fulfilments.id,
    createdAt: fulfilments.createdAt,
    carrier: fulfilments.carrier,
    trackingNumber: fulfilments.trackingNumber,
    trackingUrl: fulfilments.trackingUrl,
    lines: fulfilments.lines,
  }),
  sql`from ${fulfilments} where ${fulfilments.orderId} = ${orders.id}`,
  { orderBy: sql`${fulfilments.createdAt}, ${fulfilments.id}` },
);

/** The seller's order as the fulfilment panel and packing slip read it; null when not theirs or nothing ships. */
export function orderFulfilmentQuery(orderId: string): PageQuery<OrderFulfilment | null> {
  return pagePart(
    jsonRow(
      jsonObject({
        orderId: orders.id,
        status: orders.fulfilmentStatus,
        orderStatus: orders.status,
        storeName: orders.storeName,
        customerEmail: orders.customerEmail,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        shippingAddress: orders.shippingAddress,
        shippingRateName: orders.shippingRateName,
        lines: sql<JsonOf<typeof line>[]>`lines.list`,
        shipments,
      }),
      sql`from ${orders}
      cross join lateral (
        select json_agg(${line} order by ${orderLines.position}, ${orderLines.id}) as list
        from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.kind} = 'physical'
      ) lines
      where ${orders.id} = ${orderId}::uuid and ${orders.userId} = me.user_id and lines.list is not null`,
    ),
  );
}
