import { describe, expect, it } from "vitest";
import { billingStatusText, daysLeft, nextCharge } from "~/domains/billing/content/billing-texts";
import { downgradeEffects } from "~/domains/billing/content/downgrade-effects";
import { paidPlanOf } from "~/domains/billing/content/paid-plan";
import type { BillingState } from "~/domains/billing/subscription-state";

const NOW = "2026-12-02T10:00:00.000Z";

function state(overrides: Partial<BillingState>): BillingState {
  return {
    plan: "starter",
    subscribedPlan: null,
    status: "none",
    provider: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    graceEndsAt: null,
    hasPaymentMethod: false,
    trialUsed: false,
    clockNow: NOW,
    ...overrides,
  };
}

describe("daysLeft", () => {
  it("counts whole days up, by the subscription's clock, never below 0", () => {
    expect(daysLeft("2026-12-16T10:00:00.000Z", NOW)).toBe(14);
    expect(daysLeft("2026-12-16T09:00:00.000Z", NOW)).toBe(14);
    expect(daysLeft("2026-12-02T10:00:00.001Z", NOW)).toBe(1);
    expect(daysLeft("2026-12-01T10:00:00.000Z", NOW)).toBe(0);
  });
});

describe("billingStatusText", () => {
  it("says each state: trial with days left, active, cancelled until, past due with grace end, lapsed, ended", () => {
    const pro = { plan: "pro" as const, subscribedPlan: "pro" as const, provider: "test" as const };
    expect(billingStatusText(state({ ...pro, status: "trialing", trialEndsAt: "2026-12-16T10:00:00.000Z" }))).toBe(
      "Pro trial: 14 days left, until 16 December 2026.",
    );
    expect(billingStatusText(state({ ...pro, status: "active", currentPeriodEnd: "2027-01-02T10:00:00.000Z" }))).toBe(
      "Active: renews on 2 January 2027.",
    );
    expect(
      billingStatusText(
        state({ ...pro, status: "active", cancelAtPeriodEnd: true, currentPeriodEnd: "2027-01-02T10:00:00.000Z" }),
      ),
    ).toBe("Cancelled: Pro stays in force until 2 January 2027, then Starter.");
    expect(billingStatusText(state({ ...pro, status: "past_due", graceEndsAt: "2026-12-16T10:00:00.000Z" }))).toContain(
      "Pro stays in force until 16 December 2026",
    );
    expect(billingStatusText(state({ subscribedPlan: "business", status: "lapsed" }))).toMatch(
      /^Lapsed: your Business/,
    );
    expect(billingStatusText(state({ subscribedPlan: "pro", status: "canceled" }))).toMatch(/^Ended: your Pro/);
    expect(billingStatusText(state({}))).toBe("Starter: free, with a fee of 8% on each sale.");
  });
});

describe("nextCharge", () => {
  it("is the period's plan price at its end; none in a trial without a card or after a cancellation", () => {
    const active = state({
      plan: "business",
      subscribedPlan: "business",
      status: "active",
      currentPeriodEnd: "2027-01-02T10:00:00.000Z",
    });
    expect(nextCharge(active)).toEqual({ amount: "€49.00", date: "2 January 2027" });
    expect(nextCharge({ ...active, scheduledPlan: "pro" })).toEqual({ amount: "€19.00", date: "2 January 2027" });
    expect(nextCharge({ ...active, cancelAtPeriodEnd: true })).toBeNull();
    const trial = state({ plan: "pro", subscribedPlan: "pro", status: "trialing", trialEndsAt: NOW });
    expect(nextCharge(trial)).toBeNull();
    expect(nextCharge({ ...trial, hasPaymentMethod: true })).toEqual({ amount: "€19.00", date: "2 December 2026" });
    expect(nextCharge(state({ subscribedPlan: "pro", status: "lapsed" }))).toBeNull();
  });
});

describe("downgradeEffects", () => {
  it("derives what a downgrade suspends from the plan table's seats and features", () => {
    const businessToPro = downgradeEffects("business", "pro");
    expect(businessToPro).toContain("Team members beyond Pro's seats (the owner only) are suspended, not removed.");
    expect(businessToPro).toContain("Your API keys stop working.");
    expect(businessToPro).toContain("Sales tax handling stops; your tax settings are kept.");
    expect(businessToPro.join(" ")).not.toContain("custom domain");
    const enterpriseToBusiness = downgradeEffects("enterprise", "business");
    expect(enterpriseToBusiness[0]).toBe(
      "Team members beyond Business's seats (5 people, the owner included) are suspended, not removed.",
    );
    expect(enterpriseToBusiness).toContain("An uptime SLA is no longer included.");
    const proToStarter = downgradeEffects("pro", "starter");
    expect(proToStarter).toContain("Your custom domain stops serving and redirects to your default Sellkit address.");
    expect(proToStarter).toContain("New sales pay Starter's 8% fee.");
    expect(downgradeEffects("pro", "business")).toEqual([]);
  });
});

describe("paidPlanOf", () => {
  it("takes the paid plans' ids only", () => {
    expect(paidPlanOf("business")).toBe("business");
    expect(paidPlanOf("starter")).toBeNull();
    expect(paidPlanOf("toString")).toBeNull();
    expect(paidPlanOf(null)).toBeNull();
  });
});
