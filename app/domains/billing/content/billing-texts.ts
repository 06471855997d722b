import type { BillingHistoryKind, BillingState } from "~/domains/billing/subscription-state";
import { formatLongDate } from "~/lib/format-date";
import { formatMoney } from "~/lib/money";
import { feePercent, PLAN_TABLE, type PlanId } from "~/lib/plans";

import { dayCount, daysLeft } from "./billing-banner-texts";

export { BILLING_PAGE_PATH } from "~/domains/billing/billing-page-path";
export { BILLING_BANNER, type BillingBannerState, dayCount, daysLeft } from "./billing-banner-texts";

/** An invoice's states (the provider's, provider-neutral). */
export type BillingInvoiceStatus = "paid" | "open" | "failed" | "void";

/** A plan's monthly price as the billing pages say it: "€49.00 a month". */
export function monthlyPriceText(plan: PlanId): string {
  return `${formatMoney(PLAN_TABLE[plan].monthlyPriceMinor, "EUR")} a month`;
}

/** The toast once a paid plan is in force, as 'Choose Your Plan' says it. */
export function planSelectedText(plan: PlanId): string {
  return `${PLAN_TABLE[plan].name} plan selected!`;
}

/** The texts of the checkout return while the provider's payment event is awaited. */
export const CHECKOUT_CONFIRMATION = {
  waiting: "Confirming your payment…",
  notYet: "We have not received the confirmation of your payment yet. Your plan changes as soon as it arrives:",
  billingLink: "see your plan on the Billing page",
};

/** One sentence for a creator's plan and where it stands, as the billing page's summary says it. */
export function billingStatusText(state: BillingState): string {
  const subscribed = state.subscribedPlan ? PLAN_TABLE[state.subscribedPlan].name : null;
  switch (state.status) {
    case "trialing":
      return state.trialEndsAt
        ? `${subscribed} trial: ${dayCount(daysLeft(state.trialEndsAt, state.clockNow))} left, until ${formatLongDate(state.trialEndsAt)}.`
        : `${subscribed} trial.`;
    case "active":
      if (state.cancelAtPeriodEnd && state.currentPeriodEnd)
        return `Cancelled: ${subscribed} stays in force until ${formatLongDate(state.currentPeriodEnd)}, then Starter.`;
      return state.currentPeriodEnd ? `Active: renews on ${formatLongDate(state.currentPeriodEnd)}.` : "Active.";
    case "past_due":
      return state.graceEndsAt
        ? `Past due: your last payment failed. ${subscribed} stays in force until ${formatLongDate(state.graceEndsAt)} while we retry.`
        : "Past due: your last payment failed.";
    case "lapsed":
      return `Lapsed: your ${subscribed ?? "paid"} plan ended unpaid, so Starter's rules apply. Everything you made is kept.`;
    case "canceled":
      return `Ended: your ${subscribed ?? "paid"} plan has ended, so you are on Starter. Everything you made is kept.`;
    default:
      return `Starter: free, with a fee of ${feePercent(PLAN_TABLE.starter.feeBasisPoints)} on each sale.`;
  }
}

/** The next charge of a subscription, or null when none is due (trial without card, cancellation, no plan). */
export function nextCharge(state: BillingState): { amount: string; date: string } | null {
  if (!state.subscribedPlan || state.cancelAtPeriodEnd) return null;
  const plan = state.scheduledPlan ?? state.subscribedPlan;
  if (plan === "starter") return null;
  const amount = formatMoney(PLAN_TABLE[plan].monthlyPriceMinor, "EUR");
  if (state.status === "trialing")
    return state.hasPaymentMethod && state.trialEndsAt ? { amount, date: formatLongDate(state.trialEndsAt) } : null;
  if ((state.status === "active" || state.status === "past_due") && state.currentPeriodEnd)
    return { amount, date: formatLongDate(state.currentPeriodEnd) };
  return null;
}

/** One line of the billing history for each kind of entry. */
export const HISTORY_TEXTS: Record<BillingHistoryKind, (plan: string, fromPlan: string) => string> = {
  trial_started: (plan) => `${plan} trial started`,
  subscribed: (plan) => `Subscribed to ${plan}`,
  upgraded: (plan, from) => `Upgraded from ${from} to ${plan}`,
  downgrade_scheduled: (plan) => `Downgrade to ${plan} scheduled for the end of the period`,
  downgraded: (plan, from) => `Downgraded from ${from} to ${plan}`,
  cancel_scheduled: (plan) => `Cancellation of ${plan} scheduled for the end of the period`,
  resumed: (plan) => `${plan} resumed`,
  payment_succeeded: (plan) => `Payment for ${plan} succeeded`,
  payment_failed: (plan) => `Payment for ${plan} failed`,
  trial_ended: (plan) => `${plan} trial ended`,
  lapsed: (plan) => `${plan} lapsed unpaid: Starter's rules apply`,
  canceled: (plan) => `${plan} ended`,
};

/** An invoice's state as the billing pages say it. */
export const INVOICE_STATUS_TEXTS: Record<BillingInvoiceStatus, string> = {
  paid: "Paid",
  open: "Open",
  failed: "Payment failed",
  void: "Void",
};
