import type { Database } from "~/db/database.server";
import type { PaymentProviders, PaymentStatus, ProviderId } from "~/domains/payments/server/payment-provider.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { applyPaymentEvent } from "./apply-payment-event.server";
import { transitionOrder } from "./transition-order.server";

/** An unpaid order as syncOrderStatus needs it to ask its provider. */
export type PendingOrder = {
  id: string;
  provider: string | null;
  providerCheckoutId: string | null;
  expiresAt: Date | null;
};

type Services = { db: Database; mailer: Mailer; payments: PaymentProviders; env: { APP_URL: string } };

/** Applies the provider's word on an order's checkout as its webhook would; `expireIfUnpaid` expires it unless paid. */
export async function syncOrderStatus(
  services: Services,
  order: PendingOrder,
  { cause, expireIfUnpaid }: { cause: string; expireIfUnpaid: boolean },
): Promise<PaymentStatus | null> {
  const moveServices = { db: services.db, mailer: services.mailer, appUrl: services.env.APP_URL };
  const provider = order.provider ? services.payments[order.provider as ProviderId] : undefined;
  let status: PaymentStatus | null = null;
  if (provider && order.providerCheckoutId) {
    status = await provider.getStatus(order.providerCheckoutId);
    const checkoutId = order.providerCheckoutId;
    // Approved at a provider with a capture step (PayPal): no money moved until the app captures it.
    if (status.state === "open" && status.approved && provider.capture) status = await provider.capture(checkoutId);
    if (status.state === "paid") {
      const { paymentId, amountCents, currency } = status;
      await applyPaymentEvent(
        moveServices,
        provider.id,
        { type: "payment.succeeded", checkoutId, paymentId, amountCents, currency },
        cause,
      );
      return status;
    }
    if (status.state === "failed")
      await applyPaymentEvent(
        moveServices,
        provider.id,
        { type: "payment.failed", checkoutId, failure: status.failure },
        cause,
      );
    if (status.state === "expired") {
      await applyPaymentEvent(moveServices, provider.id, { type: "checkout.expired", checkoutId }, cause);
      return status;
    }
  }
  if (expireIfUnpaid) await transitionOrder(moveServices, order.id, { to: "expired", cause });
  return status;
}
