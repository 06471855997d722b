import { describe, expect, it } from "vitest";
import {
  addMonths,
  historyOf,
  isLive,
  planRank,
  prorationMinor,
  type SubscriptionFacts,
} from "~/domains/billing/billing-rules";
import { billingTestModeEnabled } from "~/domains/billing/server/create-billing-providers.server";
import { testBillingCardOutcome } from "~/domains/billing/test-billing-cards";

const facts = (changes: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  plan: "business",
  status: "active",
  cancelAtPeriodEnd: false,
  scheduledPlan: null,
  ...changes,
});

describe("billing periods and proration", () => {
  it("adds calendar months in UTC, clamped to the month's last day", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(new Date("2026-12-02T16:00:00Z"), 1).toISOString()).toBe("2027-01-02T16:00:00.000Z");
  });

  it("charges the price difference for the part of the period left, never a refund", () => {
    const periodStart = new Date("2026-04-01T00:00:00Z");
    const periodEnd = new Date("2026-05-01T00:00:00Z");
    const half = new Date("2026-04-16T00:00:00Z");
    expect(prorationMinor({ from: "business", to: "enterprise", periodStart, periodEnd, now: half })).toBe(1500);
    expect(prorationMinor({ from: "pro", to: "enterprise", periodStart, periodEnd, now: periodStart })).toBe(6000);
    expect(prorationMinor({ from: "pro", to: "business", periodStart, periodEnd, now: periodEnd })).toBe(0);
    expect(prorationMinor({ from: "enterprise", to: "pro", periodStart, periodEnd, now: half })).toBe(0);
  });

  it("ranks plans cheapest first and tells live states", () => {
    expect(planRank("starter")).toBeLessThan(planRank("pro"));
    expect(planRank("business")).toBeLessThan(planRank("enterprise"));
    expect(["trialing", "active", "past_due"].every((status) => isLive(status as "active"))).toBe(true);
    expect(isLive("canceled") || isLive("lapsed")).toBe(false);
  });
});

describe("the history of a change", () => {
  it("names starts, ends and lapses", () => {
    expect(historyOf(null, facts({ status: "trialing", plan: "pro" }))).toEqual([
      { kind: "trial_started", plan: "pro", fromPlan: null },
    ]);
    expect(historyOf(facts({ status: "canceled" }), facts())).toEqual([
      { kind: "subscribed", plan: "business", fromPlan: null },
    ]);
    expect(historyOf(facts({ status: "trialing", plan: "pro" }), facts({ status: "canceled", plan: "pro" }))).toEqual([
      { kind: "trial_ended", plan: "starter", fromPlan: "pro" },
    ]);
    expect(historyOf(facts({ status: "past_due" }), facts({ status: "lapsed" }))).toEqual([
      { kind: "lapsed", plan: "starter", fromPlan: "business" },
    ]);
    expect(historyOf(facts(), facts({ status: "canceled" }))).toEqual([
      { kind: "canceled", plan: "starter", fromPlan: "business" },
    ]);
    expect(historyOf(facts({ status: "canceled" }), facts({ status: "canceled" }))).toEqual([]);
  });

  it("names plan changes, schedules and their withdrawal; a renewal or past due writes nothing", () => {
    expect(historyOf(facts(), facts({ plan: "enterprise" }))).toEqual([
      { kind: "upgraded", plan: "enterprise", fromPlan: "business" },
    ]);
    expect(historyOf(facts({ scheduledPlan: "pro" }), facts({ plan: "pro" }))).toEqual([
      { kind: "downgraded", plan: "pro", fromPlan: "business" },
    ]);
    expect(historyOf(facts(), facts({ scheduledPlan: "pro" }))).toEqual([
      { kind: "downgrade_scheduled", plan: "pro", fromPlan: "business" },
    ]);
    expect(historyOf(facts(), facts({ cancelAtPeriodEnd: true }))).toEqual([
      { kind: "cancel_scheduled", plan: "starter", fromPlan: "business" },
    ]);
    expect(historyOf(facts({ cancelAtPeriodEnd: true }), facts())).toEqual([
      { kind: "resumed", plan: "business", fromPlan: null },
    ]);
    expect(historyOf(facts({ scheduledPlan: "pro" }), facts())).toEqual([
      { kind: "resumed", plan: "business", fromPlan: null },
    ]);
    expect(historyOf(facts({ scheduledPlan: "pro" }), facts({ plan: "enterprise" }))).toEqual([
      { kind: "upgraded", plan: "enterprise", fromPlan: "business" },
    ]);
    expect(historyOf(facts(), facts({ status: "past_due" }))).toEqual([]);
    expect(historyOf(facts({ status: "trialing", plan: "pro" }), facts({ plan: "pro" }))).toEqual([]);
  });
});

describe("the test provider's cards and switch", () => {
  it("pays, declines, attaches a card whose charges fail, and refuses what is not a card", () => {
    expect(testBillingCardOutcome("4242 4242 4242 4242")).toBe("pay");
    expect(testBillingCardOutcome("5555-5555-5555-4444")).toBe("pay");
    expect(testBillingCardOutcome("4000 0000 0000 0002")).toBe("decline");
    expect(testBillingCardOutcome("4000 0000 0000 0341")).toBe("fails_charges");
    expect(testBillingCardOutcome("4242 4242 4242 4241")).toBe("incorrect_number");
    expect(testBillingCardOutcome("card")).toBe("incorrect_number");
  });

  it("is on outside production, follows the payments test mode on auto, and obeys on and off", () => {
    const env = { BILLING_TEST_MODE: "auto", PAYMENTS_TEST_MODE: "auto", NODE_ENV: "development" } as const;
    expect(billingTestModeEnabled(env)).toBe(true);
    expect(billingTestModeEnabled({ ...env, NODE_ENV: "production" })).toBe(false);
    expect(billingTestModeEnabled({ ...env, NODE_ENV: "production", PAYMENTS_TEST_MODE: "on" })).toBe(true);
    expect(billingTestModeEnabled({ ...env, PAYMENTS_TEST_MODE: "off" })).toBe(false);
    expect(billingTestModeEnabled({ ...env, BILLING_TEST_MODE: "off" })).toBe(false);
    expect(billingTestModeEnabled({ ...env, NODE_ENV: "production", BILLING_TEST_MODE: "on" })).toBe(true);
  });
});
