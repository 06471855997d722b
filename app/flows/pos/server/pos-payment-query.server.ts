import type { Database } from "~/db/database.server";
import { readCounterOrder } from "~/domains/orders/server/read-counter-order.server";
import type { PosPaymentState } from "~/flows/pos/pos-types";

/** A counter sale's card or pay-on-phone payment as the register follows it; null unless it is this seller's. */
export async function posPaymentQuery(
  db: Database,
  sellerId: string,
  orderId: string,
): Promise<PosPaymentState | null> {
  const order = await readCounterOrder(db, sellerId, orderId);
  if (!order) return null;
  const status = order.status === "paid" ? "paid" : order.status === "pending" ? "pending" : "closed";
  return { status, message: order.failureMessage ?? "", totalCents: order.amountCents };
}
