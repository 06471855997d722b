import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { deliverOrder } from "~/features/delivery/server/deliver-order.server";
import { releaseDiscount } from "~/features/discounts/server/discount-reservation.server";
import { redeemDiscount } from "~/features/discounts/server/redeem-discount.server";
import { settleStockReservations } from "~/features/inventory/server/settle-stock-reservations.server";
import { ORDER_TRANSITIONS, type OrderStatus } from "~/features/orders/order-status";
import type { Mailer } from "~/server/mail/mailer.server";
import { followOrderChange } from "./follow-order-change.server";
import { orderTitleSql } from "~/features/orders/server/order-lines-sql.server";

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

export type MovedOrder = {
  id: string;
  fromStatus: OrderStatus;
  status: OrderStatus;
  /** True only for the one move that took the order to paid for the first time: it was delivered. */
  fulfilled: boolean;
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
 * The order state machine's one door. Moves the order to `move.to` only from the states ORDER_TRANSITIONS allows,
 * with one conditional UPDATE on the row (locked for the statement). So two deliveries of the same event, or events in
 * any order, cannot move it twice. The same transaction writes the move's order_events row. On the first move to paid
 * it also delivers (access token + receipt mail), sells the stock, marks goods unfulfilled and redeems the discount.
 * An overrun of the discount's maximum is flagged on the order. On a move to expired, the discount's and the stock's
 * holds are released. Returns null when the order does not exist or the move is not allowed from its current state
 * (a duplicate, a late or an out-of-order event): nothing changed.
 */
export async function transitionOrder(
  services: { db: Database; mailer: Mailer; appUrl: string },
  orderId: string,
  move: OrderMove,
): Promise<MovedOrder | null> {
  const allowedFrom = ORDER_TRANSITIONS[move.to];
  if (allowedFrom.length === 0) return null;
  return inTransaction(services.db, async (tx) => {
    const result = await tx.execute<MovedRow>(sql`
      with previous as (
        select id, status, paid_at from orders where id = ${orderId}::uuid for update
      ), moved as (
        update orders o set
          status = ${move.to},
          paid_at = case when ${move.to} = 'paid' then coalesce(o.paid_at, ${move.set?.paidAt?.toISOString() ?? null}::timestamptz, now()) else o.paid_at end,
          refunded_at = case when ${move.to} = 'refunded' then now() else o.refunded_at end,
          disputed_at = case when ${move.to} = 'disputed' then now() else o.disputed_at end,
          provider_payment_id = coalesce(${move.set?.providerPaymentId ?? null}, o.provider_payment_id),
          refunded_cents = greatest(o.refunded_cents, coalesce(${move.set?.refundedCents ?? null}::int, o.refunded_cents)),
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
    const fulfilled = move.to === "paid" && !row.was_paid_before;
    if (fulfilled) {
      // A counter sale without the buyer's email gets no receipt mail.
      if (row.customer_email)
        await deliverOrder(
          { db: tx, mailer: services.mailer, appUrl: services.appUrl },
          {
            id: row.id,
            customerEmail: row.customer_email,
            productName: row.product_name,
            storeName: row.store_name,
            amountCents: row.amount_cents,
            currency: row.currency,
            channel: row.channel,
            sellerId: row.user_id,
          },
        );
      await settleStockReservations(tx, row.id, "sold");
      // A counter card or pay-on-phone payment waiting for this webhook is approved with it.
      await tx.execute(sql`
        update order_payments p set status = 'approved', provider_payment_id = coalesce(p.provider_payment_id, o.provider_payment_id)
        from orders o where o.id = p.order_id and p.order_id = ${row.id}::uuid and p.status = 'pending'`);
      // Paid goods await shipping: the order joins the seller's "Unfulfilled" list.
      await tx.execute(sql`
        update orders set fulfilment_status = 'unfulfilled'
        where id = ${row.id}::uuid and fulfilment_status = 'none'
          and exists (select 1 from order_lines l where l.order_id = ${row.id}::uuid and l.kind = 'physical')`);
      const overLimit = await redeemDiscount(tx, row.id);
      // A late payment past the code's maximum is honoured, never silently: flagged on the order and its paid event.
      if (overLimit) {
        await tx.execute(sql`update orders set discount_over_limit = true where id = ${row.id}::uuid`);
        await tx.execute(sql`
          update order_events set details = details || jsonb_build_object('discountOverLimit', ${JSON.stringify(overLimit)}::jsonb)
          where id = ${row.event_id}::uuid`);
      }
    }
    if (move.to === "expired") {
      await releaseDiscount(tx, row.id);
      await settleStockReservations(tx, row.id, "released");
      await tx.execute(
        sql`update order_payments set status = 'declined' where order_id = ${row.id}::uuid and status = 'pending'`,
      );
    }
    // Analytics, customer totals, live dashboards: an expiry changes no sale.
    await followOrderChange(tx, row.id, { saleChanged: move.to !== "expired" });
    return { id: row.id, fromStatus: row.from_status, status: row.status, fulfilled };
  });
}
