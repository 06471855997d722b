import { Refusal } from "~/db/refusal.server";
import { isLive } from "~/domains/billing/billing-rules";
import type { BillingState } from "~/domains/billing/subscription-state";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { readBillingState } from "./read-billing-state.server";
import { runBillingChange } from "./run-billing-change.server";

/** Takes back a cancellation or scheduled downgrade, or brings an ended trial or plan back with the card on file. */
export function resumeSubscription(
  services: BillingServices,
  actor: BillingActor,
  meta: RequestMeta,
): Promise<{ ok: true; state: BillingState } | Failure> {
  return runBillingChange(services, actor, meta, {}, async ({ tx, state, provider, subscriptionId, apply }) => {
    if (state.status === "none" || !subscriptionId) throw new Refusal(fail("BILLING_NOT_CANCELLED"));
    if (isLive(state.status) && !state.cancelAtPeriodEnd && !state.scheduledPlan) {
      throw new Refusal(fail("BILLING_NOT_CANCELLED"));
    }
    await apply(await askBillingProvider(provider, () => provider.resume({ subscriptionId })));
    return { ok: true as const, state: await readBillingState(tx, actor.userId) };
  });
}
