import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ORDER_TRANSITIONS, type OrderStatus } from "~/domains/orders/order-status";
import { orderTitleSql } from "./order-lines-sql.server";

/** What a move may also record on the order. */
export type OrderMoveFields = {
  providerPaymentId?: string;
  /** The payment's total refunded so far (never lowered). */
  refundedCents?: number;
  /** When the payment was taken, if not now: a sale made offline on a device. */
  paidAt?: Date;
};

export type OrderMove = {
  to: OrderStatus;
  /** What caused it: webhook:<provider>:<event id>, reconciler, expiry, seller_refund… (kept in order_events). */
  cause: string;
  details?: Record<string, unknown>;
  set?: OrderMoveFields;
};

/** The order as a move left it, with what delivering it needs and the id of the move's order_events row. */
export type MovedOrderRow = {
  id: string;
  fromStatus: OrderStatus;
  status: OrderStatus;
  wasPaidBefore: boolean;
  customerEmail: string;
  productName: string;
  storeName: string;
  amountCents: number;
  currency: string;
  channel: string;
  sellerId: string;
  eventId: string;
};

type MovedRow = {
  id: string;
  from_status: OrderStatus;
  status: OrderStatus;
  was_paid_before: boolean;
  customer_email: string;
  product_name: string;
  store_name: string;
  amount_cents: number;
  currency: string;
  channel: string;
  user_id: string;
  event_id: string;
};

/**
 * Moves the order only from a state ORDER_TRANSITIONS allows, in one conditional UPDATE that logs the move.
 * Null when nothing moved.
 */
export async function moveOrderStatus(db: Database, orderId: string, move: OrderMove): Promise<MovedOrderRow | null> {
  const allowedFrom = ORDER_TRANSITIONS[move.to];
  const result = await db.execute<MovedRow>(sql`
      with previous as (
        select id, status, paid_at from orders where id = ${orderId}::uuid for update
      ), moved as (
        update orders o set
          status = ${move.to},
          paid_at = case when ${move.to} = 'paid' then coalesce(o.paid_at,
            ${move.set?.paidAt?.toISOString() ?? null}::timestamptz, now()) else o.paid_at end,
          refunded_at = case when ${move.to} = 'refunded' then now() else o.refunded_at end,
          disputed_at = case when ${move.to} = 'disputed' then now() else o.disputed_at end,
          provider_payment_id = coalesce(${move.set?.providerPaymentId ?? null}, o.provider_payment_id),
          refunded_cents = greatest(o.refunded_cents, coalesce(${move.set?.refundedCents ?? null}::int,
            o.refunded_cents)),
          failure_code = case when ${move.to} = 'paid' then null else o.failure_code end,
          failure_message = case when ${move.to} = 'paid' then null else o.failure_message end,
          updated_at = now()
        from previous p
        where o.id = p.id and p.status = any(${sql.raw(`array[${allowedFrom.map((s) => `'${s}'`).join(",")}]::text[]`)})
        returning o.id, p.status as from_status, o.status, p.paid_at is not null as was_paid_before,
          o.customer_email, ${orderTitleSql} as product_name, o.store_name, o.amount_cents, o.currency,
          o.channel, o.user_id
      ), logged as (
        insert into order_events (order_id, from_status, to_status, cause, details)
        select id, from_status, status, ${move.cause}, ${JSON.stringify(move.details ?? {})}::jsonb from moved
        returning id
      )
      select moved.*, (select id from logged) as event_id from moved`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    fromStatus: row.from_status,
    status: row.status,
    wasPaidBefore: row.was_paid_before,
    customerEmail: row.customer_email,
    productName: row.product_name,
    storeName: row.store_name,
    amountCents: row.amount_cents,
    currency: row.currency,
    channel: row.channel,
    sellerId: row.user_id,
    eventId: row.event_id,
  };
}
