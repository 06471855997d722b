import Stripe from "stripe";
import type { Env } from "~/server/env.server";
import { constructStripeEvent, stripeClient, webhookSecretsOf } from "~/server/stripe-client.server";
import { cardFailure } from "./card-failures.server";
import {
  type CheckoutRequest,
  type HostedCheckout,
  type PaymentProvider,
  type FoundRefund,
  type PaymentStatus,
  PayoutsReadError,
  type ProviderPayout,
  type ProviderPayouts,
  type RefundLookup,
  type RefundRequest,
  type RefundResult,
  type SellerOnboarding,
  type VerifiedWebhook,
} from "./payment-provider.server";
import { stripeTerminal } from "./stripe-terminal.server";
import { accountReadiness } from "./stripe-account-readiness.server";
import { translateStripeEvent } from "./stripe-events.server";

// Stripe: Checkout Sessions on Connect destination charges, creators onboarded through Connect account links.
// No payment_method_types is sent, so Stripe offers the methods the platform's settings allow.

/** The bounds Stripe accepts for a Checkout Session's expires_at (30 minutes to 24 hours), with a minute's margin. */
const MIN_SESSION_SECONDS = 30 * 60 + 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60 - 60;

type StripeEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">;

type PaymentIntentLike = {
  id: string;
  status?: string;
  last_payment_error?: { code?: string | null; decline_code?: string | null } | null;
};

/** The Stripe provider, or undefined when STRIPE_SECRET_KEY is not set. */
export function createStripeProvider(env: StripeEnv): PaymentProvider | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const stripe = stripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL);
  // One endpoint for the platform's events and one for its connected accounts' (account.updated) each have their
  // own signing secret: STRIPE_WEBHOOK_SECRET may list both, comma-separated.
  const webhookSecrets = webhookSecretsOf(env.STRIPE_WEBHOOK_SECRET);

  const onboarding: SellerOnboarding = {
    async createAccount({ userId, email, country }) {
      const account = await stripe.accounts.create(
        {
          // An Express account: Stripe's Express dashboard and KYC; the platform pays the fees and carries the losses.
          controller: {
            stripe_dashboard: { type: "express" },
            fees: { payer: "application" },
            losses: { payments: "application" },
            requirement_collection: "stripe",
          },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          email,
          ...(country ? { country } : {}),
          metadata: { user_id: userId },
        },
        { idempotencyKey: `sellkit-account-${userId}` },
      );
      return { accountId: account.id };
    },
    async onboardingUrl({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async accountStatus(accountId) {
      return accountReadiness(await stripe.accounts.retrieve(accountId));
    },
  };

  // The connected account's own balance and payouts: each request carries its Stripe-Account header.
  const payouts: ProviderPayouts = {
    async balance(accountId) {
      const balance = await readingPayouts(() => stripe.balance.retrieve({}, { stripeAccount: accountId }));
      const amounts = (list: { amount: number; currency: string }[] | undefined) =>
        (list ?? []).map((entry) => ({ amountCents: entry.amount, currency: entry.currency.toUpperCase() }));
      return { pending: amounts(balance.pending), available: amounts(balance.available) };
    },
    async listPayouts(accountId, { limit, startingAfter }) {
      const page = await readingPayouts(() =>
        stripe.payouts.list(
          { limit, ...(startingAfter ? { starting_after: startingAfter } : {}) },
          { stripeAccount: accountId },
        ),
      );
      return { payouts: page.data.map(payoutOf), hasMore: page.has_more };
    },
  };

  return {
    id: "stripe",
    onboarding,
    payouts,
    terminal: stripeTerminal(stripe),

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = Math.min(
        Math.max(Math.floor(request.expiresAt.getTime() / 1000), now + MIN_SESSION_SECONDS),
        now + MAX_SESSION_SECONDS,
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          customer_email: request.buyerEmail,
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: expiresAt,
          payment_intent_data: {
            metadata: { order_id: request.orderId },
            ...(request.platformFeeCents > 0 ? { application_fee_amount: request.platformFeeCents } : {}),
            ...(request.sellerAccountId ? { transfer_data: { destination: request.sellerAccountId } } : {}),
          },
        },
        // A retried create for the same order returns the same session instead of a second one.
        { idempotencyKey: `sellkit-checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
      return { checkoutId: session.id, redirectUrl: session.url };
    },

    async getStatus(checkoutId: string): Promise<PaymentStatus> {
      // A counter payment on a reader is a bare PaymentIntent, not a Checkout Session.
      if (checkoutId.startsWith("pi_")) return intentStatus(await stripe.paymentIntents.retrieve(checkoutId));
      const session = await stripe.checkout.sessions.retrieve(checkoutId, { expand: ["payment_intent"] });
      const intent =
        typeof session.payment_intent === "object" ? (session.payment_intent as PaymentIntentLike | null) : null;
      const paymentId = typeof session.payment_intent === "string" ? session.payment_intent : intent?.id;
      if (session.status === "complete" && session.payment_status === "paid" && paymentId) {
        return { state: "paid", paymentId, amountCents: session.amount_total ?? 0, currency: session.currency ?? "" };
      }
      if (session.status === "expired") return { state: "expired" };
      // An open session keeps the last declined attempt on its PaymentIntent (the buyer may still retry on the page).
      const error = intent?.last_payment_error;
      if (error && intent?.status === "requires_payment_method")
        return { state: "failed", failure: cardFailure(error.code, error.decline_code) };
      return { state: "open" };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentId,
            amount: request.amountCents,
            // Destination charge: take the refunded share back from the creator's account (Stripe reverses the
            // transfer in proportion to the amount refunded)…
            reverse_transfer: true,
            // …and give back Sellkit's fee: Stripe refunds it in proportion to the amount refunded. The caller's
            // feeRefundCents says whether any fee goes back at all.
            refund_application_fee: request.feeRefundCents > 0,
            metadata: { sellkit_refund_id: request.idempotencyKey },
          },
          { idempotencyKey: `sellkit-refund-${request.idempotencyKey}` },
        );
        if (refund.status === "succeeded") return { refundId: refund.id, status: "succeeded" };
        if (refund.status === "pending" || refund.status === "requires_action")
          return { refundId: refund.id, status: "pending" };
        return {
          status: "failed",
          failure: { code: refund.failure_reason ?? "refund_failed", message: "The refund could not be made." },
        };
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeError &&
          error.type !== "StripeConnectionError" &&
          error.type !== "StripeAPIError"
        ) {
          return { status: "failed", failure: { code: error.code ?? error.type, message: error.message } };
        }
        throw error;
      }
    },

    async findRefund(lookup: RefundLookup): Promise<FoundRefund> {
      // The payment's refunds, every page: the one made with this key carries it in its metadata.
      let refundedCents = 0;
      let mine: Stripe.Refund | undefined;
      for await (const refund of stripe.refunds.list({ payment_intent: lookup.paymentId, limit: 100 })) {
        if (refund.status === "succeeded" || refund.status === "pending" || refund.status === "requires_action")
          refundedCents += refund.amount;
        if (refund.metadata?.sellkit_refund_id === lookup.idempotencyKey) mine = refund;
      }
      if (!mine) return { status: "missing" };
      if (mine.status === "failed" || mine.status === "canceled") return { status: "failed", refundId: mine.id };
      return { status: mine.status === "succeeded" ? "succeeded" : "pending", refundId: mine.id, refundedCents };
    },

    async verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VerifiedWebhook> {
      const event = constructStripeEvent(stripe, rawBody, headers["stripe-signature"], webhookSecrets);
      const events = await translateStripeEvent(stripe, event);
      return { eventId: event.id, type: event.type, payload: JSON.parse(rawBody.toString("utf8")), events };
    },
  };
}

/** A reader's PaymentIntent as the reconciler reads it: paid, declined, cancelled (expired) or still open. */
function intentStatus(intent: Stripe.PaymentIntent): PaymentStatus {
  if (intent.status === "succeeded")
    return { state: "paid", paymentId: intent.id, amountCents: intent.amount_received, currency: intent.currency };
  if (intent.status === "canceled") return { state: "expired" };
  const error = intent.last_payment_error;
  if (error && intent.status === "requires_payment_method")
    return { state: "failed", failure: cardFailure(error.code, error.decline_code) };
  return { state: "open" };
}

const PAYOUT_STATUSES = new Set<ProviderPayout["status"]>(["pending", "in_transit", "paid", "failed", "canceled"]);

function payoutOf(payout: Stripe.Payout): ProviderPayout {
  const status = PAYOUT_STATUSES.has(payout.status as ProviderPayout["status"])
    ? (payout.status as ProviderPayout["status"])
    : "pending";
  return {
    id: payout.id,
    amountCents: payout.amount,
    currency: payout.currency.toUpperCase(),
    status,
    arrivalDate: new Date(payout.arrival_date * 1000),
    createdAt: new Date(payout.created * 1000),
  };
}

/**
 * A Stripe read for the payouts page: a 4xx answer other than 429 is `refused`, anything else `unreachable`.
 * Decided by the HTTP status, not by class identity: a bundle may hold two copies of the SDK's classes.
 */
async function readingPayouts<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const { statusCode, type, code } = (error ?? {}) as { statusCode?: unknown; type?: unknown; code?: unknown };
    const refused = typeof statusCode === "number" && statusCode >= 400 && statusCode < 500 && statusCode !== 429;
    const detail = [type, code, error instanceof Error ? error.message : String(error)]
      .filter((part) => typeof part === "string" && part)
      .join(": ");
    throw new PayoutsReadError(refused ? "refused" : "unreachable", detail);
  }
}
