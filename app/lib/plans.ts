/** The four plans' ids, cheapest first. */
export const PLAN_IDS = ["starter", "pro", "business", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The features a plan may include; the server guard, the locks and the plan pages read them. */
export const PLAN_FEATURE_IDS = [
  "advanced_customisation",
  "detailed_analytics",
  "custom_domain",
  "team_collaboration",
  "api_access",
  "sales_tax",
  "priority_support",
  "sla",
] as const;
export type PlanFeatureId = (typeof PLAN_FEATURE_IDS)[number];

/** Each feature's name, as a lock and a refusal say it ("Your plan does not include API access"). */
export const PLAN_FEATURES: { [Id in PlanFeatureId]: { id: Id; name: string } } = {
  advanced_customisation: { id: "advanced_customisation", name: "advanced customisation" },
  detailed_analytics: { id: "detailed_analytics", name: "detailed analytics" },
  custom_domain: { id: "custom_domain", name: "a custom domain" },
  team_collaboration: { id: "team_collaboration", name: "team members" },
  api_access: { id: "api_access", name: "API access" },
  sales_tax: { id: "sales_tax", name: "sales tax handling" },
  priority_support: { id: "priority_support", name: "priority support" },
  sla: { id: "sla", name: "an uptime SLA" },
};

/** A row of the plan table: its price, Sellkit's fee on each sale and what it includes. */
export type Plan = {
  id: PlanId;
  name: string;
  /** Billed monthly, in euro cents; 0 for the free plan. */
  monthlyPriceMinor: number;
  /** Sellkit's fee on each sale, in basis points (800 is 8%). */
  feeBasisPoints: number;
  /** Free days before the first bill; 0 when there is no trial. */
  trialDays: number;
  /** People who may work in the store, the owner included; null for unlimited. */
  seats: number | null;
  uptimeSla: string | null;
  /** The features this plan includes, beyond what every plan has. */
  includes: readonly PlanFeatureId[];
};

/** The plan table, the one source of prices, fees and inclusions; the pricing copy is derived from it. */
export const PLAN_TABLE = {
  starter: {
    id: "starter",
    name: "Starter",
    monthlyPriceMinor: 0,
    feeBasisPoints: 800,
    trialDays: 0,
    seats: 1,
    uptimeSla: null,
    includes: [],
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPriceMinor: 1900,
    feeBasisPoints: 0,
    trialDays: 14,
    seats: 1,
    uptimeSla: null,
    includes: ["advanced_customisation", "detailed_analytics", "custom_domain"],
  },
  business: {
    id: "business",
    name: "Business",
    monthlyPriceMinor: 4900,
    feeBasisPoints: 0,
    trialDays: 0,
    seats: 5,
    uptimeSla: null,
    includes: PLAN_FEATURE_IDS.filter((feature) => feature !== "sla"),
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    monthlyPriceMinor: 7900,
    feeBasisPoints: 0,
    trialDays: 0,
    seats: null,
    uptimeSla: "99.9%",
    includes: PLAN_FEATURE_IDS,
  },
} as const satisfies { [Id in PlanId]: Plan & { id: Id } };

/** The plans in the table's order, cheapest first. */
export const PLANS: readonly Plan[] = PLAN_IDS.map((id) => PLAN_TABLE[id]);

/** The plan of an id from outside (a URL, a form); undefined for anything else. */
export function findPlan(id: string | undefined): Plan | undefined {
  return id !== undefined && Object.hasOwn(PLAN_TABLE, id) ? PLAN_TABLE[id as PlanId] : undefined;
}

/** A seller's plan as stored in profiles.plan; null or unknown means Starter. */
export function planOf(value: string | null | undefined): PlanId {
  return findPlan(value ?? undefined)?.id ?? "starter";
}

/** A fee in basis points as the copy writes it: 800 is "8%". */
export function feePercent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** What a store may use while no paid plan is in force (a lapsed trial or subscription): Starter's rules. */
export const INACTIVE_PLAN_ID: PlanId = "starter";

/** Whether `plan` includes `feature`. */
export function planIncludes(plan: PlanId, feature: PlanFeatureId): boolean {
  return (PLAN_TABLE[plan].includes as readonly PlanFeatureId[]).includes(feature);
}

/** The cheapest plan that includes `feature`: the one a lock or a refusal offers as the upgrade. */
export function lowestPlanWith(feature: PlanFeatureId): Plan {
  const plan = PLANS.find((candidate) => candidate.includes.includes(feature));
  if (!plan) throw new Error(`no plan includes ${feature}`);
  return plan;
}

/** Whether `plan` has room for `members` people in the store, the owner included. */
export function planSeatsAllow(plan: PlanId, members: number): boolean {
  const seats = PLAN_TABLE[plan].seats;
  return seats === null || members <= seats;
}
