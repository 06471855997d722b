import type { BillingState } from "~/domains/billing/subscription-state";
import { formatLongDate } from "~/lib/format-date";

// The workspace banner's texts, apart from the billing page's: every workspace page loads them.

const DAY_MS = 86_400_000;

/**
 * Whole days from `nowIso` until `untilIso`, rounded up and never below 0: a trial's or a grace period's count-down.
 */
export function daysLeft(untilIso: string, nowIso: string): number {
  return Math.max(0, Math.ceil((Date.parse(untilIso) - Date.parse(nowIso)) / DAY_MS));
}

/** "1 day" or "5 days". */
export function dayCount(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** The workspace banner's texts while a trial runs or a payment failed. */
export const BILLING_BANNER = {
  trial: (days: number) => `Your Pro trial ends in ${dayCount(days)}`,
  trialToday: "Your Pro trial ends today",
  trialHint: "Add a card to keep Pro when it ends; without one you go back to Starter and keep everything.",
  addCard: "Add a card",
  pastDue: "Your last payment failed. Update your card to keep your plan",
  pastDueHint: (graceEndsAt: string) =>
    `We retry the payment until ${formatLongDate(graceEndsAt)}; after that Starter's rules apply.`,
  updateCard: "Update card",
};

/** What the workspace banner reads of a creator's billing, joined into the page's one statement. */
export type BillingBannerState = Pick<
  BillingState,
  "status" | "trialEndsAt" | "hasPaymentMethod" | "graceEndsAt" | "clockNow"
>;
