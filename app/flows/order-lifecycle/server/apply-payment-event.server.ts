import type { Database } from "~/db/database.server";
import {
  readPaymentEventOrder,
  keepCheckoutId,
  type PaymentEventOrder,
  recordPaymentFailure,
} from "~/domains/orders/server/payment-event-order.server";
import { providerRefundShares } from "~/domains/orders/server/refund-rows.server";
import type { PaymentEvent, ProviderId } from "~/domains/payments/server/payment-provider.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { recordRefund } from "./record-refund.server";
import { settleRefund } from "./settle-refund.server";
import { transitionOrder } from "./transition-order.server";

type OrderEvent = Exclude<PaymentEvent, { type: "account.updated" }>;

/** What applying one event did: `missing` (no order, so the provider retries) or `rejected` (not this order's). */
export type AppliedEvent = { orderId: string | null; error?: string; missing?: true; rejected?: true };

/** The order an event names, by the order id the provider kept, else its checkout or payment id. */
async function findOrder(db: Database, provider: ProviderId, event: OrderEvent): Promise<PaymentEventOrder | null> {
  const byCheckout = "checkoutId" in event && event.checkoutId ? event.checkoutId : null;
  const byPayment = "paymentId" in event && event.paymentId ? event.paymentId : null;
  const byOrder =
    event.orderId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(event.orderId)
      ? event.orderId
      : null;
  return readPaymentEventOrder(db, provider, { orderId: byOrder, checkoutId: byCheckout, paymentId: byPayment });
}

/** Why an event is not the found order's to apply (another checkout of it, money paid to another account), or null. */
function refusalOf(order: PaymentEventOrder, event: OrderEvent): string | null {
  if (
    "checkoutId" in event &&
    event.checkoutId &&
    order.provider_checkout_id &&
    order.provider_checkout_id !== event.checkoutId
  ) {
    return `rejected: checkout ${event.checkoutId} is not order ${order.id}'s`;
  }
  if (event.sellerAccountId !== undefined && event.sellerAccountId !== order.seller_account_id) {
    return `rejected: ${event.type} for account ${event.sellerAccountId ?? "(platform)"}, order ${order.id} is seller account ${order.seller_account_id ?? "(none)"}'s`;
  }
  return null;
}

/** Settles unknown refunds as succeeded once the provider's refunded total covers them and every other refund. */
async function settleCoveredRefunds(
  services: { db: Database; mailer: Mailer; appUrl: string },
  orderId: string,
  refundedCents: number,
  cause: string,
) {
  // The provider's shares only: a counter sale's cash and other shares are never in its refunded total.
  const found = await providerRefundShares(services.db, orderId);
  const refunds = found.filter((refund) => refund.amount_cents > 0);
  const unknown = refunds.filter((refund) => refund.status === "unknown");
  const accounted = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
  if (unknown.length === 0 || refundedCents < accounted) return;
  for (const refund of unknown)
    await settleRefund(services, refund.id, { status: "succeeded", providerRefundId: null, refundedCents }, cause, {});
}

/**
 * Applies one provider-neutral payment event to its order through the state machine, so duplicates and reordering
 * change nothing.
 */
export async function applyPaymentEvent(
  services: { db: Database; mailer: Mailer; appUrl: string },
  provider: ProviderId,
  event: OrderEvent,
  cause: string,
): Promise<AppliedEvent> {
  const order = await findOrder(services.db, provider, event);
  if (!order) return { orderId: null, missing: true, error: `no order for ${event.type}` };
  const id = order.id;
  const refusal = refusalOf(order, event);
  if (refusal) return { orderId: id, rejected: true, error: refusal };
  if ("checkoutId" in event && event.checkoutId && !order.provider_checkout_id) {
    // Found by the order id it carries: the checkout id the order lost (its write failed after the provider made it) is
    // kept now.
    await keepCheckoutId(services.db, id, event.checkoutId);
  }
  switch (event.type) {
    case "payment.succeeded": {
      if (
        event.amountCents !== Number(order.provider_due_cents) ||
        event.currency.toLowerCase() !== order.currency.toLowerCase()
      ) {
        return {
          orderId: id,
          error: `amount mismatch: paid ${event.amountCents} ${event.currency}, order is due ${order.provider_due_cents} ${order.currency}`,
        };
      }
      await transitionOrder(services, id, { to: "paid", cause, set: { providerPaymentId: event.paymentId } });
      return { orderId: id };
    }
    case "payment.failed":
      await recordPaymentFailure(services.db, id, event.failure);
      return { orderId: id };
    case "checkout.expired":
      await transitionOrder(services, id, { to: "expired", cause });
      return { orderId: id };
    case "payment.refunded":
      await recordRefund(services, id, event.refundedCents, cause);
      await settleCoveredRefunds(services, id, event.refundedCents, cause);
      return { orderId: id };
    case "dispute.opened":
      await transitionOrder(services, id, { to: "disputed", cause });
      return { orderId: id };
    case "dispute.closed":
      if (event.won) await transitionOrder(services, id, { to: "paid", cause, details: { dispute: "won" } });
      else
        await transitionOrder(services, id, {
          to: "refunded",
          cause,
          details: { dispute: "lost" },
          set: { refundedCents: Number(order.amount_cents) },
        });
      return { orderId: id };
  }
}
