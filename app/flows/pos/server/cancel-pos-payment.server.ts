import type { Database } from "~/db/database.server";
import { readCounterOrder } from "~/domains/orders/server/read-counter-order.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { type Failure, fail } from "~/lib/errors";
import type { Mailer } from "~/server/mail/mailer.server";
import type { CardReader } from "./card-reader.server";

/**
 * Gives up the seller's own pending card or pay-on-phone sale: its session is closed, its order expires, nothing sold.
 */
export async function cancelPosPayment(
  services: { db: Database; mailer: Mailer; appUrl: string; reader?: CardReader | null },
  sellerId: string,
  orderId: string,
): Promise<{ ok: true } | Failure<"POS_PAYMENT_NOT_FOUND">> {
  const order = await readCounterOrder(services.db, sellerId, orderId);
  if (order?.status !== "pending") return fail("POS_PAYMENT_NOT_FOUND");
  const sessionId = order.providerCheckoutId;
  // Closed at the provider first: a phone that pays after this is refused there.
  if (sessionId && services.reader) await services.reader.cancel(sessionId);
  await transitionOrder(services, orderId, { to: "expired", cause: "pos:cancelled" });
  return { ok: true };
}
