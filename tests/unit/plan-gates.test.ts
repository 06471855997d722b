import { describe, expect, it } from "vitest";
import { BILLING_PAGE_PATH } from "~/domains/billing/billing-page-path";
import { checkPlanFeature, checkSeats } from "~/domains/billing/plan-gates";
import { ERRORS, statusOf } from "~/lib/errors";
import { PLAN_FEATURE_IDS, PLAN_IDS, planIncludes } from "~/lib/plans";

describe("checkPlanFeature", () => {
  it("lets every plan use exactly the features the table includes", () => {
    for (const plan of PLAN_IDS)
      for (const feature of PLAN_FEATURE_IDS)
        expect({ plan, feature, ok: checkPlanFeature(plan, feature).ok }).toEqual({
          plan,
          feature,
          ok: planIncludes(plan, feature),
        });
  });

  it("refuses with the typed code, the feature, the cheapest plan that has it and its upgrade link", () => {
    expect(checkPlanFeature("starter", "detailed_analytics")).toEqual({
      ok: false,
      code: "PLAN_FEATURE_NOT_INCLUDED",
      message: "Your plan does not include detailed analytics. Upgrade to Pro to use it.",
      feature: "detailed_analytics",
      upgradeTo: "pro",
      upgradeUrl: "/settings/billing?upgrade=pro",
    });
    expect(checkPlanFeature("pro", "api_access")).toMatchObject({
      message: "Your plan does not include API access. Upgrade to Business to use it.",
      upgradeTo: "business",
      upgradeUrl: `${BILLING_PAGE_PATH}?upgrade=business`,
    });
    expect(checkPlanFeature("business", "sla")).toMatchObject({
      message: "Your plan does not include an uptime SLA. Upgrade to Enterprise to use it.",
      upgradeTo: "enterprise",
    });
    expect(statusOf("PLAN_FEATURE_NOT_INCLUDED")).toBe(403);
  });
});

describe("checkSeats", () => {
  it("seats the owner alone on Starter and Pro, five on Business, anyone on Enterprise", () => {
    expect(checkSeats("starter", 1).ok).toBe(true);
    expect(checkSeats("pro", 1).ok).toBe(true);
    expect(checkSeats("business", 5).ok).toBe(true);
    expect(checkSeats("enterprise", 10_000).ok).toBe(true);
    expect(checkSeats("starter", 2).ok).toBe(false);
    expect(checkSeats("business", 6).ok).toBe(false);
  });

  it("refuses a team too big with the seats, and the cheapest plan with room", () => {
    expect(checkSeats("pro", 2)).toEqual({
      ok: false,
      code: "PLAN_SEATS_FULL",
      message: "Your Pro plan includes 1 seat. Upgrade to Business to add more team members.",
      seats: 1,
      upgradeTo: "business",
      upgradeUrl: "/settings/billing?upgrade=business",
    });
    expect(checkSeats("business", 6)).toMatchObject({
      message: "Your Business plan includes 5 seats. Upgrade to Enterprise to add more team members.",
      seats: 5,
      upgradeTo: "enterprise",
    });
    expect(ERRORS.PLAN_SEATS_FULL.status).toBe(403);
  });
});
