import { Refusal } from "~/db/refusal.server";
import { planRank } from "~/domains/billing/billing-rules";
import { fail, type Failure } from "~/lib/errors";
import type { PlanId } from "~/lib/plans";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { runBillingChange } from "./run-billing-change.server";

/**
 * Changes a live subscription's plan: an upgrade now with proration, a downgrade (Starter: cancel) at the period's end.
 */
export function changePlan(
  services: BillingServices,
  actor: BillingActor,
  input: { plan: PlanId },
  meta: RequestMeta,
): Promise<{ ok: true; when: "now" | "period_end" } | Failure> {
  return runBillingChange(services, actor, meta, { live: true }, async ({ state, provider, subscriptionId, apply }) => {
    const current = state.subscribedPlan!;
    const id = subscriptionId!;
    if (input.plan === current) {
      // Back to the plan in force: a scheduled downgrade or cancellation is taken back.
      if (!state.scheduledPlan && !state.cancelAtPeriodEnd) throw new Refusal(fail("BILLING_SAME_PLAN"));
      await apply(await askBillingProvider(provider, () => provider.resume({ subscriptionId: id })));
      return { ok: true as const, when: "now" as const };
    }
    if (input.plan === "starter") {
      if (state.cancelAtPeriodEnd) throw new Refusal(fail("BILLING_ALREADY_CANCELLED"));
      await apply(await askBillingProvider(provider, () => provider.cancelAtPeriodEnd({ subscriptionId: id })));
      return { ok: true as const, when: "period_end" as const };
    }
    const when = planRank(input.plan) > planRank(current) ? "now" : "period_end";
    if (when === "period_end" && state.scheduledPlan === input.plan) throw new Refusal(fail("BILLING_SAME_PLAN"));
    await apply(
      await askBillingProvider(provider, () => provider.changePlan({ subscriptionId: id, plan: input.plan, when })),
    );
    return { ok: true as const, when };
  });
}
