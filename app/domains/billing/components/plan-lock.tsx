import { Lock } from "lucide-react";
import { Link } from "react-router";
import type { PlanFeatureRefusal } from "~/domains/billing/plan-gates";
import { PLAN_FEATURES, PLAN_TABLE } from "~/lib/plans";

/**
 * What a locked control says before anyone tries it: the feature the plan lacks and a link to the plan that has it.
 * The gate is `checkPlanFeature`'s refusal, so the lock and the server's answer use the same words.
 */
export function PlanLock({ gate }: { gate: PlanFeatureRefusal }) {
  const plan = PLAN_TABLE[gate.upgradeTo].name;
  return (
    // A span, so the lock also fits inside a field's hint paragraph.
    <span data-plan-lock={gate.feature} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <Lock aria-hidden="true" className="size-4 shrink-0" />
      <span>Your plan does not include {PLAN_FEATURES[gate.feature].name}.</span>
      <Link
        to={gate.upgradeUrl}
        aria-label={`Upgrade to ${plan} to use ${PLAN_FEATURES[gate.feature].name}`}
        className="font-medium text-primary underline underline-offset-4"
      >
        Upgrade to {plan}
      </Link>
    </span>
  );
}
