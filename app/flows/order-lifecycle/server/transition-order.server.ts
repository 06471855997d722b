import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { deliverOrder } from "~/domains/delivery/server/deliver-order.server";
import { releaseDiscount } from "~/domains/discounts/server/discount-reservation.server";
import { redeemDiscount } from "~/domains/discounts/server/redeem-discount.server";
import { settleStockReservations } from "~/domains/inventory/server/settle-stock-reservations.server";
import { ORDER_TRANSITIONS, type OrderStatus } from "~/domains/orders/order-status";
import type { Mailer } from "~/server/mail/mailer.server";
import { flagDiscountOverLimit } from "~/domains/orders/server/flag-discount-over-limit.server";
import { markGoodsUnfulfilled } from "~/domains/orders/server/mark-goods-unfulfilled.server";
import { type MovedOrderRow, moveOrderStatus, type OrderMove } from "~/domains/orders/server/move-order-status.server";
import { approvePendingPayments, declinePendingPayments } from "~/domains/orders/server/order-payments.server";
import { readSoldStockLines } from "~/domains/orders/server/read-sold-stock-lines.server";
import { followOrderChange } from "./follow-order-change.server";

/** What a move answers: the order, its states before and after, and whether this move delivered it. */
export type MovedOrder = {
  id: string;
  fromStatus: OrderStatus;
  status: OrderStatus;
  /** True only for the one move that took the order to paid for the first time: it was delivered. */
  fulfilled: boolean;
};

type MoveServices = { db: Database; mailer: Mailer; appUrl: string };

/** One thing a move causes, in the move's transaction. */
type MoveStep = (tx: Database, order: MovedOrderRow, services: MoveServices) => Promise<void>;

/** Delivers the order: its access token, and the receipt mail unless a counter sale has no buyer's email. */
const deliver: MoveStep = async (tx, order, services) => {
  if (!order.customerEmail) return;
  await deliverOrder(
    { db: tx, mailer: services.mailer, appUrl: services.appUrl },
    {
      id: order.id,
      customerEmail: order.customerEmail,
      productName: order.productName,
      storeName: order.storeName,
      amountCents: order.amountCents,
      currency: order.currency,
      channel: order.channel,
      sellerId: order.sellerId,
    },
  );
};

/** Sells the stock the checkout held. */
const sellStock: MoveStep = async (tx, order) => {
  await settleStockReservations(tx, order.id, {
    sellerId: order.sellerId,
    lines: await readSoldStockLines(tx, order.id),
  });
};

/** Approves a counter card or pay-on-phone payment that waited for this payment. */
const approvePayments: MoveStep = async (tx, order) => {
  await approvePendingPayments(tx, order.id);
};

/** Puts paid goods on the seller's "Unfulfilled" list, to be shipped. */
const awaitShipping: MoveStep = async (tx, order) => {
  await markGoodsUnfulfilled(tx, order.id);
};

/** Redeems the discount code; a late payment past its maximum is honoured, flagged on the order and its paid event. */
const redeemCode: MoveStep = async (tx, order) => {
  const overLimit = await redeemDiscount(tx, order.id);
  if (overLimit) await flagDiscountOverLimit(tx, order.id, order.eventId, overLimit);
};

/** Gives the discount code's held use back. */
const releaseCode: MoveStep = async (tx, order) => {
  await releaseDiscount(tx, order.id);
};

/** Gives the stock the checkout held back. */
const releaseStock: MoveStep = async (tx, order) => {
  await settleStockReservations(tx, order.id, "released");
};

/** Declines the payments still pending. */
const declinePayments: MoveStep = async (tx, order) => {
  await declinePendingPayments(tx, order.id);
};

/** What the first move to paid causes, in this order. */
const ON_PAID = [deliver, sellStock, approvePayments, awaitShipping, redeemCode] as const;

/** What a move to expired causes, in this order. */
const ON_EXPIRED = [releaseCode, releaseStock, declinePayments] as const;

/**
 * The order state machine's one door. Moves the order to `move.to` only from the states ORDER_TRANSITIONS allows,
 * with one conditional UPDATE on the row (locked for the statement). So two deliveries of the same event, or events in
 * any order, cannot move it twice. The same transaction writes the move's order_events row, runs ON_PAID on the
 * first move to paid or ON_EXPIRED on a move to expired, then brings the read models in line. Returns null when the
 * order does not exist or the move is not allowed from its current state (a duplicate, a late or an out-of-order
 * event): nothing changed.
 */
export async function transitionOrder(
  services: MoveServices,
  orderId: string,
  move: OrderMove,
): Promise<MovedOrder | null> {
  const allowedFrom = ORDER_TRANSITIONS[move.to];
  if (allowedFrom.length === 0) return null;
  return inTransaction(services.db, async (tx) => {
    const row = await moveOrderStatus(tx, orderId, move);
    if (!row) return null;
    const fulfilled = move.to === "paid" && !row.wasPaidBefore;
    const steps = fulfilled ? ON_PAID : move.to === "expired" ? ON_EXPIRED : [];
    for (const step of steps) await step(tx, row, services);
    // Analytics, customer totals, live dashboards: an expiry changes no sale.
    await followOrderChange(tx, row.id, { saleChanged: move.to !== "expired" });
    return { id: row.id, fromStatus: row.fromStatus, status: row.status, fulfilled };
  });
}
