import { describe, expect, it } from "vitest";
import { findPlan, PLANS, planDetailsPath, planSignupPath } from "~/features/marketing/content/plans";

describe("plans", () => {
  it("has the four tiers with the spec's prices", () => {
    expect(PLANS.map((p) => [p.name, p.price + (p.period ?? "")])).toEqual([
      ["Starter", "Free + 8%"],
      ["Pro", "€19/month"],
      ["Business", "€49/month"],
      ["Enterprise", "€79/month"],
    ]);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(["pro"]);
  });

  it("sends Starter to /signup and the paid plans to /signup?plan={plan}", () => {
    expect(PLANS.map(planSignupPath)).toEqual([
      "/signup",
      "/signup?plan=pro",
      "/signup?plan=business",
      "/signup?plan=enterprise",
    ]);
  });

  it("links 'Learn more' to /tier/{plan}", () => {
    expect(PLANS.map(planDetailsPath)).toEqual(["/tier/starter", "/tier/pro", "/tier/business", "/tier/enterprise"]);
  });

  it("finds plans by id only", () => {
    expect(findPlan("pro")?.name).toBe("Pro");
    expect(findPlan("PRO")).toBeUndefined();
    expect(findPlan("__proto__")).toBeUndefined();
    expect(findPlan(undefined)).toBeUndefined();
  });
});
