import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { deliverOrder } from "~/features/delivery/server/deliver-order.server";
import { releaseDiscount } from "~/features/discounts/server/discount-reservation.server";
import { redeemDiscount } from "~/features/discounts/server/redeem-discount.server";
import { settleStockReservations } from "~/features/inventory/server/settle-stock-reservations.server";
import { ORDER_TRANSITIONS, type OrderStatus } from "~/features/orders/order-status";
import type { Mailer } from "~/server/mail/mailer.server";
import { flagDiscountOverLimit } from "~/features/orders/server/flag-discount-over-limit.server";
import { markGoodsUnfulfilled } from "~/features/orders/server/mark-goods-unfulfilled.server";
import { moveOrderStatus, type OrderMove } from "~/features/orders/server/move-order-status.server";
import { approvePendingPayments, declinePendingPayments } from "~/features/orders/server/order-payments.server";
import { followOrderChange } from "./follow-order-change.server";

export type MovedOrder = {
  id: string;
  fromStatus: OrderStatus;
  status: OrderStatus;
  /** True only for the one move that took the order to paid for the first time: it was delivered. */
  fulfilled: boolean;
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
    const row = await moveOrderStatus(tx, orderId, move);
    if (!row) return null;
    const fulfilled = move.to === "paid" && !row.wasPaidBefore;
    if (fulfilled) {
      // A counter sale without the buyer's email gets no receipt mail.
      if (row.customerEmail)
        await deliverOrder(
          { db: tx, mailer: services.mailer, appUrl: services.appUrl },
          {
            id: row.id,
            customerEmail: row.customerEmail,
            productName: row.productName,
            storeName: row.storeName,
            amountCents: row.amountCents,
            currency: row.currency,
            channel: row.channel,
            sellerId: row.sellerId,
          },
        );
      await settleStockReservations(tx, row.id, "sold");
      // A counter card or pay-on-phone payment waiting for this webhook is approved with it.
      await approvePendingPayments(tx, row.id);
      // Paid goods await shipping: the order joins the seller's "Unfulfilled" list.
      await markGoodsUnfulfilled(tx, row.id);
      const overLimit = await redeemDiscount(tx, row.id);
      // A late payment past the code's maximum is honoured, never silently: flagged on the order and its paid event.
      if (overLimit) await flagDiscountOverLimit(tx, row.id, row.eventId, overLimit);
    }
    if (move.to === "expired") {
      await releaseDiscount(tx, row.id);
      await settleStockReservations(tx, row.id, "released");
      await declinePendingPayments(tx, row.id);
    }
    // Analytics, customer totals, live dashboards: an expiry changes no sale.
    await followOrderChange(tx, row.id, { saleChanged: move.to !== "expired" });
    return { id: row.id, fromStatus: row.fromStatus, status: row.status, fulfilled };
  });
}
