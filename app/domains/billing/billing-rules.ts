import { PLAN_IDS, PLAN_TABLE, type PlanId } from "~/lib/plans";
import type { BillingHistoryKind, SubscriptionStatus } from "./subscription-state";

// The pure rules of Sellkit's own billing: periods, proration, retries and what a change of subscription means.

const DAY_MS = 86_400_000;

/** The days of the grace on which a past-due renewal is charged again, as Stripe's smart retries do by default. */
export const PAYMENT_RETRY_DAYS = [3, 5, 7] as const;

export { BILLING_PAGE_PATH } from "./billing-page-path";

/** The currency Sellkit bills its own plans in. */
export const BILLING_CURRENCY = "eur";

/** `date` moved by `days` whole days. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The same day and time `months` later in UTC, clamped to the month's last day (31 January → 28 February). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** A plan's place in the table: a higher one is an upgrade. */
export function planRank(plan: PlanId): number {
  return PLAN_IDS.indexOf(plan);
}

/** What an upgrade charges now: the price difference for the rest of the period, in minor units, never negative. */
export function prorationMinor(input: {
  from: PlanId;
  to: PlanId;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const length = input.periodEnd.getTime() - input.periodStart.getTime();
  if (length <= 0) return 0;
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  const difference = PLAN_TABLE[input.to].monthlyPriceMinor - PLAN_TABLE[input.from].monthlyPriceMinor;
  return Math.max(0, Math.round((difference * left) / length));
}

/** A subscription as the history compares it, before and after an event. */
export type SubscriptionFacts = {
  plan: PlanId;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  scheduledPlan: PlanId | null;
};

const LIVE: readonly SubscriptionStatus[] = ["trialing", "active", "past_due"];

/** Whether a subscription in `status` still runs (its plan may be in force). */
export function isLive(status: SubscriptionStatus): boolean {
  return LIVE.includes(status);
}

/** The history rows a change of subscription writes, oldest first; nothing when nothing the creator sees changed. */
export function historyOf(
  before: SubscriptionFacts | null,
  after: SubscriptionFacts,
): { kind: BillingHistoryKind; plan: PlanId | null; fromPlan: PlanId | null }[] {
  const wasLive = before !== null && isLive(before.status);
  if (!isLive(after.status)) {
    if (!wasLive) return [];
    const kind = before.status === "trialing" ? "trial_ended" : after.status === "lapsed" ? "lapsed" : "canceled";
    return [{ kind, plan: "starter", fromPlan: before.plan }];
  }
  if (!wasLive)
    return [{ kind: after.status === "trialing" ? "trial_started" : "subscribed", plan: after.plan, fromPlan: null }];
  const rows: { kind: BillingHistoryKind; plan: PlanId | null; fromPlan: PlanId | null }[] = [];
  if (after.plan !== before.plan) {
    const kind = planRank(after.plan) > planRank(before.plan) ? "upgraded" : "downgraded";
    rows.push({ kind, plan: after.plan, fromPlan: before.plan });
  }
  if (after.scheduledPlan !== null && after.scheduledPlan !== before.scheduledPlan) {
    rows.push({ kind: "downgrade_scheduled", plan: after.scheduledPlan, fromPlan: after.plan });
  }
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) {
    rows.push({ kind: "cancel_scheduled", plan: "starter", fromPlan: after.plan });
  }
  const withdrawn =
    (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) ||
    (before.scheduledPlan !== null && after.scheduledPlan === null && after.plan === before.plan);
  if (withdrawn) rows.push({ kind: "resumed", plan: after.plan, fromPlan: null });
  return rows;
}
