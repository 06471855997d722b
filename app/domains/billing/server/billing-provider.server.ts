import type { BillingProviderId, SubscriptionStatus } from "~/domains/billing/subscription-state";
import type { PlanId } from "~/lib/plans";

// The one interface the billing providers of Sellkit's own plans implement (the test provider, Stripe Billing).
// Sellkit is the merchant here, not a creator's connected account. A plan changes only when a verified
// BillingEvent (a webhook, or the provider's own API answer to our authenticated call) is applied; never on a
// return URL.

/** A subscription as the provider holds it: every event carries the whole snapshot, so the latest one wins. */
export type SubscriptionSnapshot = {
  customerId: string;
  subscriptionId: string;
  plan: PlanId;
  status: Exclude<SubscriptionStatus, "lapsed">;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade the provider will apply at the period's end (a Stripe subscription schedule's next phase). */
  scheduledPlan: PlanId | null;
  hasPaymentMethod: boolean;
  /** The card's fingerprint, when one is on file: one trial per card. */
  cardFingerprint: string | null;
};

/** An invoice of a subscription, in integer minor units. */
export type BillingInvoice = {
  invoiceId: string;
  customerId: string;
  plan: PlanId;
  amountMinor: number;
  currency: string;
  status: "paid" | "open" | "failed" | "void";
  periodStart: Date;
  periodEnd: Date;
  /** The provider's hosted invoice page and PDF (the test provider serves its own). */
  hostedUrl: string | null;
  pdfUrl: string | null;
};

/** What one verified provider event means to Sellkit, provider-neutral. */
export type BillingEvent = {
  /** The provider's unique event id: an event is applied once. */
  eventId: string;
  /** When the provider created it: an older snapshot never overwrites a newer one (out-of-order delivery). */
  createdAt: Date;
} & (
  | { type: "subscription.updated"; subscription: SubscriptionSnapshot }
  | { type: "subscription.deleted"; subscription: SubscriptionSnapshot }
  | { type: "subscription.trial_will_end"; subscription: SubscriptionSnapshot }
  | { type: "invoice.paid"; invoice: BillingInvoice }
  | { type: "invoice.payment_failed"; invoice: BillingInvoice }
);

/** What a provider needs to start a subscription for a creator. */
export type SubscribeRequest = {
  userId: string;
  email: string;
  /** The creator's customer at the provider, when one exists already. */
  customerId: string | null;
  plan: Exclude<PlanId, "starter">;
  /** Where the provider's hosted page sends the creator back (absolute URLs on APP_URL). */
  successUrl: string;
  cancelUrl: string;
};

/** The provider of Sellkit's own plans. Every method that changes a subscription returns the events it caused. */
export type BillingProvider = {
  id: BillingProviderId;
  /** A customer for the creator (Stripe: a Customer; test: a row of its own). */
  createCustomer(input: { userId: string; email: string }): Promise<{ customerId: string }>;
  /** Pro's trial without a card: the subscription is created trialing at once. */
  startTrial(input: { customerId: string; plan: "pro"; trialDays: number }): Promise<BillingEvent[]>;
  /** A hosted checkout in subscription mode; the plan starts when its first payment's event arrives. */
  createCheckout(input: SubscribeRequest & { customerId: string }): Promise<{ checkoutId: string; url: string }>;
  /** Upgrades at once with proration, or schedules a downgrade for the period's end. */
  changePlan(input: { subscriptionId: string; plan: PlanId; when: "now" | "period_end" }): Promise<BillingEvent[]>;
  cancelAtPeriodEnd(input: { subscriptionId: string }): Promise<BillingEvent[]>;
  /** Takes back a cancellation (or a scheduled downgrade) before the period's end. */
  resume(input: { subscriptionId: string }): Promise<BillingEvent[]>;
  /** Where the creator updates the card and reads invoices (Stripe's customer portal; the test provider's page). */
  portalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  listInvoices(input: { customerId: string }): Promise<BillingInvoice[]>;
  /** Verifies a webhook's signature and translates it; throws WebhookVerificationError when it is not genuine. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<BillingEvent[]>;
};
