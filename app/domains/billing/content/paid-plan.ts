import { findPlan, type PlanId } from "~/lib/plans";

/** A plan that is paid for: what a checkout or a trial starts. */
export type PaidPlanId = Exclude<PlanId, "starter">;

/** A paid plan named by outside input (a `?checkout=`, `?plan=` or `?upgrade=` query), or null for anything else. */
export function paidPlanOf(value: string | null | undefined): PaidPlanId | null {
  const plan = findPlan(value ?? undefined);
  return plan && plan.id !== "starter" ? plan.id : null;
}
