import { Refusal } from "~/db/refusal.server";
import { fail, type Failure } from "~/lib/errors";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { readBillingState } from "./read-billing-state.server";
import { runBillingChange } from "./run-billing-change.server";

/** The longest cancellation reason kept. */
const REASON_MAX = 500;

/** Cancels at the period's end (a trial: at its end), with the creator's reason; the plan stays until then. */
export function cancelSubscription(
  services: BillingServices,
  actor: BillingActor,
  input: { reason: string },
  meta: RequestMeta,
): Promise<{ ok: true; endsAt: string } | Failure> {
  const reason = input.reason.trim().slice(0, REASON_MAX);
  if (!reason) return Promise.resolve(fail("BILLING_CANCEL_REASON_REQUIRED"));
  return runBillingChange(
    services,
    actor,
    meta,
    { live: true },
    async ({ tx, state, provider, subscriptionId, apply }) => {
      if (state.cancelAtPeriodEnd) throw new Refusal(fail("BILLING_ALREADY_CANCELLED"));
      await apply(
        await askBillingProvider(provider, () => provider.cancelAtPeriodEnd({ subscriptionId: subscriptionId! })),
      );
      await recordSecurityEvent(
        tx,
        {
          userId: actor.userId,
          eventType: "billing_cancel_reason",
          eventCategory: "payment",
          severity: "low",
          riskScore: 1,
          details: { reason },
        },
        meta,
      );
      const after = await readBillingState(tx, actor.userId);
      return { ok: true as const, endsAt: (after.currentPeriodEnd ?? after.trialEndsAt ?? after.clockNow)! };
    },
  );
}
