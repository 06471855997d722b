import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import {
  lockRefundedTotal,
  markEveryLineRefunded,
  raiseRefundedTotal,
} from "~/domains/orders/server/refunded-total.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { followOrderChange } from "./follow-order-change.server";
import { type MovedOrder, transitionOrder } from "./transition-order.server";

/**
 * Raises an order's refunded total to the provider's running total, never lowering it; all of it marks every line
 * refunded. Returns the move or null.
 */
export async function recordRefund(
  services: { db: Database; mailer: Mailer; appUrl: string },
  orderId: string,
  totalRefundedCents: number,
  cause: string,
): Promise<MovedOrder | { id: string; partial: true } | null> {
  return inTransaction(services.db, async (tx) => {
    const order = await lockRefundedTotal(tx, orderId);
    if (!order) return null;
    if (totalRefundedCents >= order.amountCents) {
      // All of it refunded, by amount or by lines: every unit counts as refunded.
      await markEveryLineRefunded(tx, orderId);
      return transitionOrder({ ...services, db: tx }, orderId, {
        to: "refunded",
        cause,
        set: { refundedCents: order.amountCents },
      });
    }
    if (totalRefundedCents <= order.refundedCents) return null;
    await raiseRefundedTotal(tx, orderId, totalRefundedCents, cause);
    // Analytics, customer totals, live dashboards: the sale's revenue went down.
    await followOrderChange(tx, orderId, { saleChanged: true });
    return { id: orderId, partial: true };
  });
}
