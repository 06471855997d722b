import type { Database } from "~/db/database.server";
import { readCounterOrder } from "~/domains/orders/server/read-counter-order.server";
import type { PosPaymentState } from "~/flows/pos/pos-types";
import { type Failure, fail } from "~/lib/errors";
import type { CardReader } from "./card-reader.server";
import { posPaymentQuery } from "./pos-payment-query.server";

/**
 * Presents a card on the reader for the seller's own pending counter sale. The provider's webhook moves the order;
 * a declined card leaves it pending for another card. The answer is the order after, with the provider's words.
 */
export async function presentPosCard(
  services: { db: Database; reader: CardReader | null },
  sellerId: string,
  orderId: string,
  cardNumber: string,
): Promise<{ ok: true; payment: PosPaymentState } | Failure<"POS_PAYMENT_NOT_FOUND" | "POS_CARD_UNAVAILABLE">> {
  if (!services.reader) return fail("POS_CARD_UNAVAILABLE");
  const order = await readCounterOrder(services.db, sellerId, orderId);
  const presentable = order?.status === "pending" && order.provider === services.reader.providerId && order.paysByCard;
  const sessionId = presentable ? order.providerCheckoutId : null;
  if (!sessionId) return fail("POS_PAYMENT_NOT_FOUND");
  const outcome = await services.reader.present(sessionId, cardNumber);
  const payment = await posPaymentQuery(services.db, sellerId, orderId);
  if (!payment) return fail("POS_PAYMENT_NOT_FOUND");
  return {
    ok: true,
    payment: outcome.outcome === "declined" ? { ...payment, message: outcome.message } : payment,
  };
}
