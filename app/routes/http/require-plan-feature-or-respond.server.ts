import { data } from "react-router";
import type { PlanFeatureRefusal } from "~/domains/billing/plan-gates";
import { requirePlanFeature } from "~/domains/billing/server/require-plan-feature.server";
import { type ErrorBody, statusOf } from "~/lib/errors";
import type { PlanFeatureId } from "~/lib/plans";
import type { AppServices } from "~/server/services.server";

/** What a refused plan gate answers: the coded error with the feature and the plan to upgrade to. */
export type PlanFeatureErrorBody = ErrorBody & Pick<PlanFeatureRefusal, "feature" | "upgradeTo" | "upgradeUrl">;

/** The route guard of a plan feature: returns when the plan in force includes it, else throws the coded 403. */
export async function requirePlanFeatureOrRespond(
  services: AppServices,
  userId: string,
  feature: PlanFeatureId,
): Promise<void> {
  const gate = await requirePlanFeature(services.db, userId, feature);
  if (gate.ok) return;
  const { code, message, upgradeTo, upgradeUrl } = gate;
  throw data<PlanFeatureErrorBody>({ code, message, feature, upgradeTo, upgradeUrl }, { status: statusOf(code) });
}
