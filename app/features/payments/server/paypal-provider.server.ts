import type { Env } from "~/server/env.server";
import { createPayPalClient, PayPalApiError, type PayPalClient } from "./paypal-client.server";
import {
  type CheckoutRequest,
  type HostedCheckout,
  type FoundRefund,
  type PaymentEvent,
  type PaymentFailure,
  type PaymentProvider,
  type PaymentStatus,
  type RefundLookup,
  type RefundRequest,
  type RefundResult,
  type SellerOnboarding,
  type VerifiedWebhook,
  WebhookVerificationError,
} from "./payment-provider.server";

// PayPal, the wallet provider (issue 15.2), through Orders v2: the app creates an order paid to the creator's
// merchant id with Sellkit's fee as a platform fee; the buyer approves it on PayPal's page; the app captures it.
//
// Capture: PayPal moves no money on approval. `getStatus` answers an approved, uncaptured order as
// `{ state: "open", approved: true }`, and syncOrderStatus (the buyer's return page and the reconciler of pending
// orders) then calls `capture(checkoutId)` and applies its answer as a webhook's payment.succeeded would be applied.
// Capture is idempotent (PayPal-Request-Id per order) and answers the order's state whether it captures now or was
// captured before. CHECKOUT.ORDER.APPROVED webhooks translate to no event (an approved order is not paid); the
// PAYMENT.CAPTURE.COMPLETED that follows a capture reports the payment again and changes nothing.

/** Seconds a webhook's transmission time may be old: a replay of an old, genuinely signed delivery is refused. */
export const PAYPAL_WEBHOOK_TOLERANCE_SECONDS = 300;

type PayPalEnv = Pick<Env, "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_WEBHOOK_ID" | "PAYPAL_API_URL" | "PAYPAL_PARTNER_ID">;

type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method?: string };
type Capture = {
  id: string;
  status: string;
  amount?: Money;
  custom_id?: string;
  /** Who was paid: the seller's merchant id (the platform's own when the order named no payee). */
  payee?: { merchant_id?: string; email_address?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
  status_details?: { reason?: string };
  links?: Link[];
};
type Order = {
  id: string;
  status: string;
  links?: Link[];
  purchase_units?: { custom_id?: string; amount?: Money; payments?: { captures?: Capture[] } }[];
};
type Refund = { id: string; status: string; amount?: Money; links?: Link[]; seller_payable_breakdown?: { total_refunded_amount?: Money } };
/** An order's refunds, as its details list them (purchase_units[].payments.refunds). */
type OrderRefunds = { purchase_units?: { payments?: { refunds?: (Refund & { invoice_id?: string })[] } }[] };

/** Currencies PayPal takes without decimals (developer.paypal.com/api/rest/reference/currency-codes). */
const ZERO_DECIMAL = new Set(["HUF", "JPY", "TWD"]);

/** Minor units → PayPal's decimal string: 1250 USD → "12.50" (a zero-decimal currency's minor unit is its unit). */
export function paypalAmount(minor: number, currency: string): Money {
  const code = currency.toUpperCase();
  const value = ZERO_DECIMAL.has(code) ? String(minor) : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
  return { currency_code: code, value };
}

/** PayPal's decimal string → minor units: "12.50" USD → 1250 (read digit by digit, never through a float). */
export function centsOf(money: Money | undefined): number {
  if (!money) return 0;
  const [whole = "0", fraction = ""] = money.value.split(".");
  if (ZERO_DECIMAL.has(money.currency_code)) return Number(whole);
  return Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
}

const DECLINED: PaymentFailure = { code: "INSTRUMENT_DECLINED", message: "PayPal declined this payment. Please try again with another payment method." };
const PAYPAL_FAILURE_MESSAGES: Record<string, string> = {
  INSTRUMENT_DECLINED: DECLINED.message,
  PAYER_ACTION_REQUIRED: "PayPal needs you to confirm this payment. Please try again.",
  PAYER_CANNOT_PAY: "PayPal cannot take this payment from your account. Please use another payment method.",
  TRANSACTION_REFUSED: DECLINED.message,
  DENIED: DECLINED.message,
};

function failure(code: string): PaymentFailure {
  return { code, message: PAYPAL_FAILURE_MESSAGES[code] ?? "Your PayPal payment could not be completed. Please try again." };
}

/** What an order says about its payment. */
function orderStatus(order: Order): PaymentStatus {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (capture?.status === "COMPLETED" || capture?.status === "PARTIALLY_REFUNDED" || capture?.status === "REFUNDED") {
    const amount = capture.amount ?? order.purchase_units?.[0]?.amount;
    return { state: "paid", paymentId: capture.id, amountCents: centsOf(amount), currency: (amount?.currency_code ?? "").toLowerCase() };
  }
  if (capture?.status === "DECLINED" || capture?.status === "FAILED") return { state: "failed", failure: failure("DENIED") };
  if (order.status === "VOIDED") return { state: "expired" };
  // Approved by the buyer and not captured yet: the app captures it (see the capture note at the top).
  if (order.status === "APPROVED" && !capture) return { state: "open", approved: true };
  // CREATED, SAVED, PAYER_ACTION_REQUIRED, or a capture PENDING at PayPal.
  return { state: "open" };
}

/** The PayPal provider, or undefined when PayPal is not configured. */
export function createPayPalProvider(env: PayPalEnv): PaymentProvider | undefined {
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) return undefined;
  const paypal = createPayPalClient({ clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: env.PAYPAL_API_URL });
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
              description: request.productName.slice(0, 127),
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
        return { state: "failed", failure: failure(error.issue) };
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
        const refund = await paypal.request<Refund>(`/v2/payments/captures/${encodeURIComponent(request.paymentId)}/refund`, {
          method: "POST",
          requestId: `sellkit-refund-${request.idempotencyKey}`,
          // The capture was paid to the seller: the platform refunds it on the seller's behalf.
          ...(request.sellerAccountId ? { onBehalfOf: request.sellerAccountId } : {}),
          body: {
            amount: paypalAmount(request.amountCents, request.currency),
            invoice_id: request.idempotencyKey,
            // PayPal gives the platform fee back only when asked, in the amount asked.
            ...(request.feeRefundCents > 0
              ? { payment_instruction: { platform_fees: [{ amount: paypalAmount(request.feeRefundCents, request.currency) }] } }
              : {}),
          },
        });
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
      if (Object.values(transmission).some((value) => !value)) throw new WebhookVerificationError("Missing PayPal transmission headers");
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
      const answer = await paypal.request<{ verification_status?: string }>("/v1/notifications/verify-webhook-signature", {
        method: "POST",
        body: { ...transmission, webhook_id: webhookId, webhook_event: event },
      });
      if (answer.verification_status !== "SUCCESS" || !event.id || !event.event_type) throw new WebhookVerificationError("PayPal did not verify this webhook");
      const events = await Promise.all(translatePayPalEvent(event.event_type, event.resource ?? {}).map((e) => withOrderOfCapture(paypal, e)));
      return { eventId: event.id, type: event.event_type, payload: event, events };
    },
  };
}

/**
 * A refund's event names only its capture. The capture keeps the app's order id (custom_id) and its payee: read
 * them, so a refund reported before the app recorded the capture (PAYMENT.CAPTURE.COMPLETED delayed) still finds
 * its order, and only the seller's. When PayPal cannot be asked, the event goes on by capture id alone.
 */
async function withOrderOfCapture(paypal: PayPalClient, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== "payment.refunded" || event.orderId) return event;
  try {
    const capture = await paypal.request<Capture>(`/v2/payments/captures/${encodeURIComponent(event.paymentId)}`);
    return { ...event, ...captureOrigin(capture) };
  } catch {
    return event;
  }
}

/** The order id (custom_id) and the payee's merchant id a capture names, when it names them. */
function captureOrigin(capture: Capture): { orderId?: string; sellerAccountId?: string } {
  return {
    ...(capture.custom_id ? { orderId: capture.custom_id } : {}),
    ...(capture.payee?.merchant_id ? { sellerAccountId: capture.payee.merchant_id } : {}),
  };
}

/** The capture id a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
function captureIdOf(refund: Refund): string | null {
  const up = refund.links?.find((l) => l.rel === "up")?.href;
  return up?.match(/\/captures\/([^/?]+)/)?.[1] ?? null;
}

/** Dispute outcomes in which the seller keeps the money. */
const SELLER_WINS = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED"]);

/** The provider-neutral events of one PayPal webhook event (none for types Sellkit does not act on). */
export function translatePayPalEvent(type: string, resource: Record<string, unknown>): PaymentEvent[] {
  switch (type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const capture = resource as unknown as Capture;
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
      const capture = resource as unknown as Capture;
      const checkoutId = capture.supplementary_data?.related_ids?.order_id;
      return checkoutId ? [{ type: "payment.failed", checkoutId, failure: failure("DENIED"), ...captureOrigin(capture) }] : [];
    }
    case "PAYMENT.CAPTURE.REFUNDED": {
      const refund = resource as unknown as Refund;
      const paymentId = captureIdOf(refund);
      if (!paymentId) return [];
      // The running total of the capture's refunds; an older payload without it reports this refund alone
      // (the order keeps the larger of what it knew and what it is told).
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
      // CHECKOUT.ORDER.APPROVED included: approval moves no money (see the capture note at the top).
      return [];
  }
}

type MerchantIntegration = {
  merchant_id: string;
  tracking_id?: string;
  payments_receivable?: boolean;
  primary_email_confirmed?: boolean;
  oauth_integrations?: unknown[];
};

/** Sellers' onboarding through PayPal partner referrals; the seller's tracking id stands for them until PayPal names their merchant id. */
function partnerOnboarding(paypal: PayPalClient, partnerId: string): SellerOnboarding {
  const partnerPath = `/v1/customer/partners/${encodeURIComponent(partnerId)}/merchant-integrations`;
  const emails = new Map<string, string>();
  return {
    async createAccount({ userId, email }) {
      // PayPal creates nothing up front: the tracking id names the seller in the referral and in PayPal's answers.
      const trackingId = `sellkit-${userId}`;
      emails.set(trackingId, email);
      return { accountId: trackingId };
    },
    async onboardingUrl({ accountId, returnUrl }) {
      const trackingId = accountId.startsWith("sellkit-") ? accountId : null;
      const referral = await paypal.request<{ links?: Link[] }>("/v2/customer/partner-referrals", {
        method: "POST",
        body: {
          ...(trackingId ? { tracking_id: trackingId } : {}),
          ...(trackingId && emails.has(trackingId) ? { email: emails.get(trackingId) } : {}),
          operations: [
            {
              operation: "API_INTEGRATION",
              api_integration_preference: {
                rest_api_integration: {
                  integration_method: "PAYPAL",
                  integration_type: "THIRD_PARTY",
                  third_party_details: { features: ["PAYMENT", "REFUND", "PARTNER_FEE"] },
                },
              },
            },
          ],
          products: ["EXPRESS_CHECKOUT"],
          legal_consents: [{ type: "SHARE_DATA_CONSENT", granted: true }],
          partner_config_override: { return_url: returnUrl },
        },
      });
      const link = referral.links?.find((l) => l.rel === "action_url");
      if (!link) throw new Error("PayPal returned a partner referral without an action_url");
      return link.href;
    },
    async accountStatus(accountId) {
      let merchantId = accountId;
      if (accountId.startsWith("sellkit-")) {
        try {
          const found = await paypal.request<{ merchant_id?: string }>(`${partnerPath}?tracking_id=${encodeURIComponent(accountId)}`);
          if (!found.merchant_id) return { status: "pending", details: { onboarded: false } };
          merchantId = found.merchant_id;
        } catch (error) {
          if (error instanceof PayPalApiError && error.status === 404) return { status: "pending", details: { onboarded: false } };
          throw error;
        }
      }
      const merchant = await paypal.request<MerchantIntegration>(`${partnerPath}/${encodeURIComponent(merchantId)}`);
      // PayPal's readiness checks: payments can be received, the email is confirmed, the platform was granted its permissions.
      const ready = merchant.payments_receivable === true && merchant.primary_email_confirmed === true && (merchant.oauth_integrations?.length ?? 0) > 0;
      return {
        status: ready ? "ready" : "pending",
        details: {
          accountId: merchant.merchant_id,
          onboarded: true,
          paymentsReceivable: merchant.payments_receivable ?? false,
          primaryEmailConfirmed: merchant.primary_email_confirmed ?? false,
          permissionsGranted: (merchant.oauth_integrations?.length ?? 0) > 0,
        },
      };
    },
  };
}
