import type { PlanId } from "~/lib/plans";

// Sellkit's own plans as a subscription: the states a creator's subscription can be in, and what the pages read.
// Browser-safe (the billing page, the trial banner and the plan locks read it).

/** A subscription's states, as Stripe Billing names them; `lapsed` is a paid plan that ended unpaid (Starter rules). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "lapsed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The billing providers of Sellkit's own plans: the built-in test provider and Stripe Billing. */
export const BILLING_PROVIDER_IDS = ["test", "stripe"] as const;
export type BillingProviderId = (typeof BILLING_PROVIDER_IDS)[number];

/** Days a subscription stays past due (the provider retrying the card) before the plan lapses to Starter's rules. */
export const PAST_DUE_GRACE_DAYS = 14;

/** Days before a trial ends that the reminder mail goes out (Stripe's `customer.subscription.trial_will_end`). */
export const TRIAL_REMINDER_DAYS = 3;

/** A creator's billing as the pages show it; every time is an ISO string. */
export type BillingState = {
  /** The plan in force: what fees and limits follow; Starter without a trial or a paid invoice. */
  plan: PlanId;
  /** The plan subscribed to, null without a subscription. */
  subscribedPlan: PlanId | null;
  status: SubscriptionStatus | "none";
  provider: BillingProviderId | null;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade waiting for the period's end. */
  scheduledPlan: PlanId | null;
  /** When a past-due plan lapses unless a payment succeeds. */
  graceEndsAt: string | null;
  hasPaymentMethod: boolean;
  /** The creator's one Pro trial is spent (a second one is refused). */
  trialUsed: boolean;
  /** "Now" for this subscription: the test provider's moved clock, or the real time. */
  clockNow: string;
};

/** Which plan is in force for a subscription in `status`: its own plan while trialing, active or past due. */
export function planInForce(status: SubscriptionStatus | "none", subscribedPlan: PlanId | null): PlanId {
  if (subscribedPlan === null) return "starter";
  return status === "trialing" || status === "active" || status === "past_due" ? subscribedPlan : "starter";
}

/** What the billing page's history lists, one row per change of a creator's plan or payment. */
export const BILLING_HISTORY_KINDS = [
  "trial_started",
  "subscribed",
  "upgraded",
  "downgrade_scheduled",
  "downgraded",
  "cancel_scheduled",
  "resumed",
  "payment_succeeded",
  "payment_failed",
  "trial_ended",
  "lapsed",
  "canceled",
] as const;
export type BillingHistoryKind = (typeof BILLING_HISTORY_KINDS)[number];

/** One row of the billing history; `at` is an ISO string on the provider's clock. */
export type BillingHistoryEntry = {
  at: string;
  kind: BillingHistoryKind;
  plan: PlanId | null;
  fromPlan: PlanId | null;
};
