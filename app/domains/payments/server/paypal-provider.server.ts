import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import type { Env } from "~/server/env.server";
import { centsOf, type PayPalMoney, paypalAmount } from "./paypal-amounts.server";
import {
  createPayPalClient,
  PayPalApiError,
  type PayPalCapture,
  type PayPalLink,
  type PayPalRefund,
} from "./paypal-client.server";
import { translatePayPalEvent } from "./paypal-events.server";
import { paypalFailure } from "./paypal-failures.server";
import { partnerOnboarding } from "./paypal-onboarding.server";
import type {
  CheckoutRequest,
  FoundRefund,
  HostedCheckout,
  PaymentProvider,
  PaymentStatus,
  RefundLookup,
  RefundRequest,
  RefundResult,
  VerifiedWebhook,
} from "./payment-provider.server";

// PayPal through Orders v2: an order paid to the creator's merchant id, Sellkit's fee as a platform fee.
// Approval moves no money: the app captures an approved order itself, idempotently per order.

/** Seconds a webhook's transmission time may be old: a replay of an old, genuinely signed delivery is refused. */
export const PAYPAL_WEBHOOK_TOLERANCE_SECONDS = 300;

type PayPalEnv = Pick<
  Env,
  "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_WEBHOOK_ID" | "PAYPAL_API_URL" | "PAYPAL_PARTNER_ID"
>;

type Order = {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: { custom_id?: string; amount?: PayPalMoney; payments?: { captures?: PayPalCapture[] } }[];
};
/** An order's refunds, as its details list them (purchase_units[].payments.refunds). */
type OrderRefunds = { purchase_units?: { payments?: { refunds?: (PayPalRefund & { invoice_id?: string })[] } }[] };

/** What an order says about its payment. */
function orderStatus(order: Order): PaymentStatus {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (capture?.status === "COMPLETED" || capture?.status === "PARTIALLY_REFUNDED" || capture?.status === "REFUNDED") {
    const amount = capture.amount ?? order.purchase_units?.[0]?.amount;
    return {
      state: "paid",
      paymentId: capture.id,
      amountCents: centsOf(amount),
      currency: (amount?.currency_code ?? "").toLowerCase(),
    };
  }
  if (capture?.status === "DECLINED" || capture?.status === "FAILED")
    return { state: "failed", failure: paypalFailure("DENIED") };
  if (order.status === "VOIDED") return { state: "expired" };
  // Approved by the buyer and not captured yet: syncOrderStatus captures it.
  if (order.status === "APPROVED" && !capture) return { state: "open", approved: true };
  // CREATED, SAVED, PAYER_ACTION_REQUIRED, or a capture PENDING at PayPal.
  return { state: "open" };
}

/** The PayPal provider, or undefined when PayPal is not configured. */
export function createPayPalProvider(env: PayPalEnv): PaymentProvider | undefined {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) return undefined;
  const paypal = createPayPalClient({
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    apiUrl: env.PAYPAL_API_URL,
  });
  const webhookId = env.PAYPAL_WEBHOOK_ID;
  return {
    id: "paypal",
    ...(env.PAYPAL_PARTNER_ID ? { onboarding: partnerOnboarding(paypal, env.PAYPAL_PARTNER_ID) } : {}),

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      const amount = paypalAmount(request.amountCents, request.currency);
      const order = await paypal.request<Order>("/v2/checkout/orders", {
        method: "POST",
        requestId: `sellkit-order-${request.orderId}`,
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: "default",
              custom_id: request.orderId,
              invoice_id: request.orderId,
              description: request.description.slice(0, 127),
              amount,
              ...(request.sellerAccountId ? { payee: { merchant_id: request.sellerAccountId } } : {}),
              ...(request.platformFeeCents > 0
                ? {
                    payment_instruction: {
                      disbursement_mode: "INSTANT",
                      platform_fees: [{ amount: paypalAmount(request.platformFeeCents, request.currency) }],
                    },
                  }
                : {}),
            },
          ],
          payment_source: {
            paypal: {
              email_address: request.buyerEmail,
              experience_context: {
                return_url: request.successUrl,
                cancel_url: request.cancelUrl,
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
              },
            },
          },
        },
      });
      const link = order.links?.find((l) => l.rel === "payer-action") ?? order.links?.find((l) => l.rel === "approve");
      if (!link) throw new Error(`PayPal returned order ${order.id} without an approval link`);
      return { checkoutId: order.id, redirectUrl: link.href };
    },

    async capture(checkoutId: string): Promise<PaymentStatus> {
      try {
        const order = await paypal.request<Order>(`/v2/checkout/orders/${encodeURIComponent(checkoutId)}/capture`, {
          method: "POST",
          requestId: `sellkit-capture-${checkoutId}`,
          body: {},
        });
        return orderStatus(order);
      } catch (error) {
        if (!(error instanceof PayPalApiError) || error.status !== 422) throw error;
        if (error.issue === "ORDER_ALREADY_CAPTURED") return this.getStatus(checkoutId);
        if (error.issue === "ORDER_NOT_APPROVED") return { state: "open" };
        return { state: "failed", failure: paypalFailure(error.issue) };
      }
    },

    async getStatus(checkoutId: string): Promise<PaymentStatus> {
      try {
        return orderStatus(await paypal.request<Order>(`/v2/checkout/orders/${encodeURIComponent(checkoutId)}`));
      } catch (error) {
        // PayPal forgets orders that were never approved some hours after they were created.
        if (error instanceof PayPalApiError && error.status === 404) return { state: "expired" };
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await paypal.request<PayPalRefund>(
          `/v2/payments/captures/${encodeURIComponent(request.paymentId)}/refund`,
          {
            method: "POST",
            requestId: `sellkit-refund-${request.idempotencyKey}`,
            // The capture was paid to the seller: the platform refunds it on the seller's behalf.
            ...(request.sellerAccountId ? { onBehalfOf: request.sellerAccountId } : {}),
            body: {
              amount: paypalAmount(request.amountCents, request.currency),
              invoice_id: request.idempotencyKey,
              // PayPal gives the platform fee back only when asked, in the amount asked.
              ...(request.feeRefundCents > 0
                ? {
                    payment_instruction: {
                      platform_fees: [{ amount: paypalAmount(request.feeRefundCents, request.currency) }],
                    },
                  }
                : {}),
            },
          },
        );
        if (refund.status === "COMPLETED") return { refundId: refund.id, status: "succeeded" };
        if (refund.status === "PENDING") return { refundId: refund.id, status: "pending" };
        return { status: "failed", failure: { code: refund.status, message: "The refund could not be made." } };
      } catch (error) {
        if (error instanceof PayPalApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
          return { status: "failed", failure: { code: error.issue, message: error.message } };
        }
        throw error;
      }
    },

    async findRefund(lookup: RefundLookup): Promise<FoundRefund> {
      // A PayPal order lists its payments' refunds; ours carries the refund row's id as its invoice_id.
      if (!lookup.checkoutId) throw new Error("A PayPal refund is found through its order, and this payment has none");
      const order = await paypal.request<OrderRefunds>(`/v2/checkout/orders/${encodeURIComponent(lookup.checkoutId)}`);
      const refunds = (order.purchase_units ?? []).flatMap((unit) => unit.payments?.refunds ?? []);
      const counted = refunds.filter((refund) => refund.status === "COMPLETED" || refund.status === "PENDING");
      const refundedCents = counted.reduce((sum, refund) => sum + centsOf(refund.amount), 0);
      const mine = refunds.find((refund) => refund.invoice_id === lookup.idempotencyKey);
      if (!mine) return { status: "missing" };
      if (mine.status === "COMPLETED") return { status: "succeeded", refundId: mine.id, refundedCents };
      if (mine.status === "PENDING") return { status: "pending", refundId: mine.id, refundedCents };
      return { status: "failed", refundId: mine.id };
    },

    async verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VerifiedWebhook> {
      const transmission = {
        transmission_id: headers["paypal-transmission-id"],
        transmission_time: headers["paypal-transmission-time"],
        transmission_sig: headers["paypal-transmission-sig"],
        cert_url: headers["paypal-cert-url"],
        auth_algo: headers["paypal-auth-algo"],
      };
      if (Object.values(transmission).some((value) => !value))
        throw new WebhookVerificationError("Missing PayPal transmission headers");
      const sentAt = Date.parse(transmission.transmission_time!);
      if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > PAYPAL_WEBHOOK_TOLERANCE_SECONDS * 1000) {
        throw new WebhookVerificationError("PayPal transmission time outside the tolerance zone");
      }
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString("utf8"));
      } catch {
        throw new WebhookVerificationError("The body is not JSON");
      }
      // PayPal signs with its certificate; its own API checks the signature against the body and our webhook id.
      const answer = await paypal.request<{ verification_status?: string }>(
        "/v1/notifications/verify-webhook-signature",
        {
          method: "POST",
          body: { ...transmission, webhook_id: webhookId, webhook_event: event },
        },
      );
      if (answer.verification_status !== "SUCCESS" || !event.id || !event.event_type)
        throw new WebhookVerificationError("PayPal did not verify this webhook");
      const events = await translatePayPalEvent(paypal, event.event_type, event.resource ?? {});
      return { eventId: event.id, type: event.event_type, payload: event, events };
    },
  };
}
