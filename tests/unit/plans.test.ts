import { describe, expect, it } from "vitest";
import { LEARN_FAQ } from "~/domains/marketing/content/faq";
import { TERMS } from "~/domains/marketing/content/legal";
import {
  findPlanOffer,
  PLAN_OFFERS,
  PRICING_DESCRIPTION,
  planDetailsPath,
  planSignupPath,
  planStartPath,
} from "~/domains/marketing/content/plans";
import { findPlan, PLAN_IDS, PLANS, planOf } from "~/lib/plans";

describe("plans", () => {
  it("has the four tiers with the spec's prices", () => {
    expect(PLAN_OFFERS.map((p) => [p.name, p.price + (p.period ?? "")])).toEqual([
      ["Starter", "Free + 8%"],
      ["Pro", "€19/month"],
      ["Business", "€49/month"],
      ["Enterprise", "€79/month"],
    ]);
    expect(PLAN_OFFERS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("writes the copy from the plan table: fee, trial, team size and SLA as the spec words them", () => {
    expect(PLANS.map((plan) => plan.id)).toEqual(PLAN_IDS);
    expect(PLANS.map((plan) => plan.feeBasisPoints)).toEqual([800, 0, 0, 0]);
    expect(PLAN_OFFERS.map((p) => [p.description, p.highlights])).toEqual([
      ["Everything you need to start selling, with an 8% transaction fee.", ["8% transaction fee", "No monthly cost"]],
      [
        "For growing creators who want their own brand and no transaction fees.",
        ["14-day free trial", "No credit card required", "No transaction fees"],
      ],
      ["For teams selling together, with up to 5 team users.", ["Up to 5 team users", "Role-based access"]],
      [
        "For large sellers who need a 99.9% uptime SLA and unlimited team members.",
        ["99.9% uptime SLA", "Unlimited team members"],
      ],
    ]);
    expect(findPlanOffer("business")?.features[1]).toBe("Up to 5 team members with role-based access");
    expect(PRICING_DESCRIPTION).toBe("Starter is free + 8%. Pro €19/month, Business €49/month, Enterprise €79/month.");
    expect(LEARN_FAQ.find((item) => item.question === "Is there a free plan?")?.answer).toBe(
      "Yes. Starter is free with an 8% transaction fee. Pro has a 14-day free trial with no credit card required.",
    );
    expect(TERMS.sections.find((section) => section.heading === "Fees and payouts")?.paragraphs).toEqual([
      "Starter is free with an 8% transaction fee. Paid plans are billed monthly: Pro €19, Business €49, " +
        "Enterprise €79. Payouts typically arrive within 7 business days.",
    ]);
  });

  it("sends Starter to /signup and the paid plans to /signup?plan={plan}", () => {
    expect(PLAN_OFFERS.map(planSignupPath)).toEqual([
      "/signup",
      "/signup?plan=pro",
      "/signup?plan=business",
      "/signup?plan=enterprise",
    ]);
  });

  it("starts Starter at /signup and the paid plans on 'Choose Your Plan'", () => {
    expect(PLAN_OFFERS.map(planStartPath)).toEqual([
      "/signup",
      "/choose-plan?plan=pro",
      "/choose-plan?plan=business",
      "/choose-plan?plan=enterprise",
    ]);
  });

  it("links 'Learn more' to /tier/{plan}", () => {
    expect(PLAN_OFFERS.map(planDetailsPath)).toEqual([
      "/tier/starter",
      "/tier/pro",
      "/tier/business",
      "/tier/enterprise",
    ]);
  });

  it("finds plans by id only, and reads a stored plan as Starter when unknown", () => {
    expect(findPlan("pro")?.name).toBe("Pro");
    expect(findPlanOffer("pro")?.cta).toBe("Start Free Trial");
    expect(findPlan("PRO")).toBeUndefined();
    expect(findPlan("__proto__")).toBeUndefined();
    expect(findPlanOffer("__proto__")).toBeUndefined();
    expect(findPlan(undefined)).toBeUndefined();
    expect([planOf("business"), planOf(null), planOf("gold"), planOf("toString")]).toEqual([
      "business",
      "starter",
      "starter",
      "starter",
    ]);
  });
});
