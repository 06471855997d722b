/** The four plans' ids, cheapest first. */
export const PLAN_IDS = ["starter", "pro", "business", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

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
  /** People who may work in the store; null for unlimited. */
  teamMembers: number | null;
  uptimeSla: string | null;
};

/** The plan table, the one source of prices, fees and inclusions; the pricing copy is derived from it. */
export const PLAN_TABLE = {
  starter: {
    id: "starter",
    name: "Starter",
    monthlyPriceMinor: 0,
    feeBasisPoints: 800,
    trialDays: 0,
    teamMembers: 1,
    uptimeSla: null,
  },
  pro: {
    id: "pro",
    name: "Pro",
    monthlyPriceMinor: 1900,
    feeBasisPoints: 0,
    trialDays: 14,
    teamMembers: 1,
    uptimeSla: null,
  },
  business: {
    id: "business",
    name: "Business",
    monthlyPriceMinor: 4900,
    feeBasisPoints: 0,
    trialDays: 0,
    teamMembers: 5,
    uptimeSla: null,
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    monthlyPriceMinor: 7900,
    feeBasisPoints: 0,
    trialDays: 0,
    teamMembers: null,
    uptimeSla: "99.9%",
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
