import { type SQL, sql } from "drizzle-orm";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import {
  ORDER_TIMELINE_DELIVERIES,
  ORDERS_PAGE_SIZE,
  type OrderDetail,
  type OrderDisplayStatus,
  type OrderListItem,
} from "~/domains/orders/order-display";
import type { FulfilmentFilter } from "~/domains/orders/fulfilment-display";
import { isTimestamp, isUuid } from "~/lib/text-formats";
import { orderLinesJsonSql, orderTitleSql } from "./order-lines-sql.server";

// Read inside the session check's one statement (page-query.server.ts), only the signed-in seller's orders.

/** Where a page of the list starts: after the previous page's last order. */
export type OrdersCursor = { createdAt: string; id: string };

/** The `after` parameter ("<created at>_<id>") as a cursor; null when absent or not one. */
export function parseOrdersCursor(value: string | null): OrdersCursor | null {
  if (!value) return null;
  const at = value.lastIndexOf("_");
  const createdAt = value.slice(0, at);
  const id = value.slice(at + 1);
  return at > 0 && isTimestamp(createdAt) && isUuid(id) ? { createdAt, id } : null;
}

/** The `after` parameter that continues the orders list after `order`. */
export function ordersCursorParam(order: { createdAt: string; id: string }): string {
  return `${order.createdAt}_${order.id}`;
}

/** Each status filter of /orders as a condition on `o` (orders), shared with the CSV export. */
export const ORDER_FILTER_SQL: Record<OrderDisplayStatus, SQL> = {
  pending: sql`o.status = 'pending'`,
  paid: sql`o.status = 'paid' and o.refunded_cents = 0`,
  partly_refunded: sql`o.status = 'paid' and o.refunded_cents > 0`,
  refunded: sql`o.status = 'refunded'`,
  disputed: sql`o.status = 'disputed'`,
  expired: sql`o.status = 'expired'`,
};

/** The highest code point, so `prefix + PREFIX_END` bounds every text starting with `prefix`. */
const PREFIX_END = String.fromCodePoint(0x10ffff);

/** Orders whose buyer email starts with `search`, as one range of orders_user_email_idx whatever the store's size. */
function emailStartsWith(search: string): SQL {
  const email = sql`(lower(o.customer_email) collate "C")`;
  return sql`${email} >= ${search} and ${email} < ${search + PREFIX_END}`;
}

/**
 * One page of the seller's orders, newest first, by status, email prefix and fulfilment status, plus a row telling if
 * more follow.
 */
export function sellerOrdersQuery(
  filter: OrderDisplayStatus | null,
  after: OrdersCursor | null,
  search: string | null = null,
  fulfilment: FulfilmentFilter | null = null,
): PageQuery<{ orders: OrderListItem[]; more: boolean }> {
  const json = sql<OrderListItem[]>`(
      select coalesce(json_agg(row_to_json(page) order by page."createdAt" desc, page.id desc), '[]'::json) from (
        select o.id, o.status, ${orderTitleSql} as "productName", o.customer_email as "customerEmail",
          o.amount_cents as "amountCents",
          o.refunded_cents as "refundedCents", o.currency, o.discount_code as "discountCode",
            o.fulfilment_status as "fulfilmentStatus",
          o.created_at as "createdAt"
        from orders o
        where o.user_id = me.user_id
          and ${filter ? ORDER_FILTER_SQL[filter] : sql`true`}
          and ${search ? emailStartsWith(search) : sql`true`}
          and ${fulfilment ? sql`o.fulfilment_status = ${fulfilment}` : sql`true`}
          and ${after ? sql`(o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql`true`}
        order by o.created_at desc, o.id desc
        limit ${ORDERS_PAGE_SIZE + 1}
      ) page
    )`;
  return pagePart(json, (rows) => ({ orders: rows.slice(0, ORDERS_PAGE_SIZE), more: rows.length > ORDERS_PAGE_SIZE }));
}

/**
 * One of the seller's orders (`orderId` a UUID) with its events, refunds and deliveries; null when it is not theirs.
 */
export function sellerOrderQuery(orderId: string): PageQuery<OrderDetail | null> {
  return pagePart(
    sql<OrderDetail | null>`(
      select json_build_object(
        'id', o.id, 'status', o.status, 'productName', ${orderTitleSql}, 'customerEmail', o.customer_email,
        'lines', ${orderLinesJsonSql}, 'shippingCents', o.shipping_cents,
        'subtotalCents', o.subtotal_cents, 'discountCents', o.discount_cents, 'amountCents', o.amount_cents,
        'platformFeeCents', o.platform_fee_cents, 'refundedCents', o.refunded_cents, 'currency', o.currency,
        'discountCode', o.discount_code, 'discountOverLimit', o.discount_over_limit, 'provider', o.provider, 'paidAt',
          o.paid_at, 'createdAt', o.created_at,
        'fulfilmentStatus', o.fulfilment_status, 'channel', o.channel, 'source', o.source,
        'utmSource', o.utm_source, 'utmCampaign', o.utm_campaign,
        'events', (select coalesce(json_agg(json_build_object('id', e.id, 'fromStatus', e.from_status, 'toStatus',
          e.to_status,
            'cause', e.cause, 'details', e.details, 'createdAt', e.created_at) order by e.created_at, e.id), '[]'::json)
          from order_events e where e.order_id = o.id),
        'refunds', (select coalesce(json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents,
            'feeRefundedCents', r.fee_refunded_cents, 'lines', r.lines, 'status', r.status, 'createdAt', r.created_at)
              order by r.created_at, r.id), '[]'::json)
          from refunds r where r.order_id = o.id),
        'deliveries', (select coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'fileName', d.file_name,
            'createdAt', d.created_at) order by d.created_at, d.id), '[]'::json)
          from (
            select d.id, d.kind, f.name as file_name, d.created_at from delivery_events d left join product_files f
              on f.id = d.file_id
            where d.order_id = o.id order by d.created_at desc, d.id desc limit ${ORDER_TIMELINE_DELIVERIES}
          ) d)
      )
      from orders o where o.id = ${orderId}::uuid and o.user_id = me.user_id
    )`,
  );
}
