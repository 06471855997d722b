import { type Failure, fail } from "~/lib/errors";
import { BILLING_PAGE_PATH } from "./billing-page-path";
import {
  lowestPlanWith,
  PLAN_FEATURES,
  PLAN_TABLE,
  PLANS,
  type PlanFeatureId,
  type PlanId,
  planIncludes,
  planSeatsAllow,
} from "~/lib/plans";

// The plan gates: what the server guard refuses and a locked control says, read from the one plan table.
// Browser-safe and pure, so the guard and the locks give the same answer with the same words.

/** A refusal's way out: the plan to upgrade to and the link that offers it. */
export type PlanUpgrade = { upgradeTo: PlanId; upgradeUrl: string };

/** A feature the plan in force does not include, with the cheapest plan that does. */
export type PlanFeatureRefusal = Failure<"PLAN_FEATURE_NOT_INCLUDED"> & PlanUpgrade & { feature: PlanFeatureId };

/** A team that would outgrow the plan's seats, with the cheapest plan that has room. */
export type PlanSeatsRefusal = Failure<"PLAN_SEATS_FULL"> & PlanUpgrade & { seats: number };

/** The billing page's link that offers `plan` as the upgrade. */
export function upgradeUrl(plan: PlanId): string {
  return `${BILLING_PAGE_PATH}?upgrade=${plan}`;
}

/** Whether `plan` includes `feature`; otherwise the typed refusal naming the feature and the plan that has it. */
export function checkPlanFeature(plan: PlanId, feature: PlanFeatureId): { ok: true } | PlanFeatureRefusal {
  if (planIncludes(plan, feature)) return { ok: true };
  const upgrade = lowestPlanWith(feature);
  return {
    ...fail(
      "PLAN_FEATURE_NOT_INCLUDED",
      `Your plan does not include ${PLAN_FEATURES[feature].name}. Upgrade to ${upgrade.name} to use it.`,
    ),
    feature,
    upgradeTo: upgrade.id,
    upgradeUrl: upgradeUrl(upgrade.id),
  };
}

/** Whether `plan` seats `membersAfter` people (the owner included); otherwise the refusal with a plan that does. */
export function checkSeats(plan: PlanId, membersAfter: number): { ok: true } | PlanSeatsRefusal {
  if (planSeatsAllow(plan, membersAfter)) return { ok: true };
  const seats = PLAN_TABLE[plan].seats ?? 0;
  // Enterprise's seats are unlimited, so some plan always has room.
  const upgrade = PLANS.find((candidate) => planSeatsAllow(candidate.id, membersAfter)) ?? PLAN_TABLE.enterprise;
  return {
    ...fail(
      "PLAN_SEATS_FULL",
      `Your ${PLAN_TABLE[plan].name} plan includes ${seats} ${seats === 1 ? "seat" : "seats"}. ` +
        `Upgrade to ${upgrade.name} to add more team members.`,
    ),
    seats,
    upgradeTo: upgrade.id,
    upgradeUrl: upgradeUrl(upgrade.id),
  };
}
