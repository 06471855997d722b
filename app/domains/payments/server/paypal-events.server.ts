import { centsOf } from "./paypal-amounts.server";
import type { PayPalCapture, PayPalClient, PayPalRefund } from "./paypal-client.server";
import { paypalFailure } from "./paypal-failures.server";
import type { PaymentEvent } from "./payment-provider.server";

/** The order id (custom_id) and the payee's merchant id a capture names, when it names them. */
function captureOrigin(capture: PayPalCapture): { orderId?: string; sellerAccountId?: string } {
  return {
    ...(capture.custom_id ? { orderId: capture.custom_id } : {}),
    ...(capture.payee?.merchant_id ? { sellerAccountId: capture.payee.merchant_id } : {}),
  };
}

/** The capture id a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
function captureIdOf(refund: PayPalRefund): string | null {
  const up = refund.links?.find((l) => l.rel === "up")?.href;
  return up?.match(/\/captures\/([^/?]+)/)?.[1] ?? null;
}

/** Dispute outcomes in which the seller keeps the money. */
const SELLER_WINS = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED"]);

/** The events of one PayPal webhook event as its resource says them (none for types Sellkit does not act on). */
function eventsOfPayload(type: string, resource: Record<string, unknown>): PaymentEvent[] {
  switch (type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const capture = resource as unknown as PayPalCapture;
      const checkoutId = capture.supplementary_data?.related_ids?.order_id;
      if (!checkoutId) return [];
      return [
        {
          type: "payment.succeeded",
          checkoutId,
          paymentId: capture.id,
          amountCents: centsOf(capture.amount),
          currency: (capture.amount?.currency_code ?? "").toLowerCase(),
          ...captureOrigin(capture),
        },
      ];
    }
    case "PAYMENT.CAPTURE.DENIED": {
      const capture = resource as unknown as PayPalCapture;
      const checkoutId = capture.supplementary_data?.related_ids?.order_id;
      return checkoutId
        ? [{ type: "payment.failed", checkoutId, failure: paypalFailure("DENIED"), ...captureOrigin(capture) }]
        : [];
    }
    case "PAYMENT.CAPTURE.REFUNDED": {
      const refund = resource as unknown as PayPalRefund;
      const paymentId = captureIdOf(refund);
      if (!paymentId) return [];
      // The capture's running refund total; an older payload reports this refund alone (the order keeps the larger).
      const total = refund.seller_payable_breakdown?.total_refunded_amount ?? refund.amount;
      return [{ type: "payment.refunded", paymentId, refundedCents: centsOf(total) }];
    }
    case "CUSTOMER.DISPUTE.CREATED":
    case "CUSTOMER.DISPUTE.RESOLVED": {
      const transactions = (resource.disputed_transactions as { seller_transaction_id?: string }[] | undefined) ?? [];
      const outcome = (resource.dispute_outcome as { outcome_code?: string } | undefined)?.outcome_code ?? "";
      return transactions
        .map((t) => t.seller_transaction_id)
        .filter((id): id is string => Boolean(id))
        .map((paymentId) =>
          type === "CUSTOMER.DISPUTE.CREATED"
            ? { type: "dispute.opened" as const, paymentId }
            : { type: "dispute.closed" as const, paymentId, won: SELLER_WINS.has(outcome) },
        );
    }
    case "MERCHANT.ONBOARDING.COMPLETED":
    case "MERCHANT.PARTNER-CONSENT.REVOKED": {
      const merchantId = resource.merchant_id;
      if (typeof merchantId !== "string") return [];
      const completed = type === "MERCHANT.ONBOARDING.COMPLETED";
      return [
        {
          type: "account.updated",
          accountId: merchantId,
          status: completed ? "ready" : "pending",
          details: { trackingId: resource.tracking_id ?? null, consentRevoked: !completed },
        },
      ];
    }
    default:
      // CHECKOUT.ORDER.APPROVED included: approval moves no money, the app captures the order itself.
      return [];
  }
}

/**
 * A refund's event names only its capture: the capture's order id and payee are read from PayPal, so a refund
 * reported before its payment still finds its order. When PayPal cannot be asked, the event goes on by capture id.
 */
async function withOrderOfCapture(paypal: PayPalClient, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== "payment.refunded" || event.orderId) return event;
  try {
    const capture = await paypal.request<PayPalCapture>(`/v2/payments/captures/${encodeURIComponent(event.paymentId)}`);
    return { ...event, ...captureOrigin(capture) };
  } catch {
    return event;
  }
}

/** The provider-neutral events of one verified PayPal webhook, each refund completed with its capture's order. */
export async function translatePayPalEvent(
  paypal: PayPalClient,
  type: string,
  resource: Record<string, unknown>,
): Promise<PaymentEvent[]> {
  return Promise.all(eventsOfPayload(type, resource).map((e) => withOrderOfCapture(paypal, e)));
}
