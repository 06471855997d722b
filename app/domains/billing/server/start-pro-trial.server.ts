import { and, eq, ne } from "drizzle-orm";
import { Refusal } from "~/db/refusal.server";
import type { BillingState } from "~/domains/billing/subscription-state";
import { billingSubscriptions, billingTrials } from "~/domains/billing/tables.server";
import { fail, type Failure } from "~/lib/errors";
import { PLAN_TABLE } from "~/lib/plans";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { readBillingState } from "./read-billing-state.server";
import { runBillingChange } from "./run-billing-change.server";

/** Starts the creator's one Pro trial, without a card; refused after a trial of theirs or of their card. */
export function startProTrial(
  services: BillingServices,
  actor: BillingActor,
  meta: RequestMeta,
): Promise<{ ok: true; state: BillingState } | Failure> {
  return runBillingChange(
    services,
    actor,
    meta,
    { live: false },
    async ({ tx, state, provider, customerId, apply }) => {
      if (state.trialUsed) throw new Refusal(fail("BILLING_TRIAL_USED"));
      const customer = await customerId();
      const events = await askBillingProvider(provider, () =>
        provider.startTrial({ customerId: customer, plan: "pro", trialDays: PLAN_TABLE.pro.trialDays }),
      );
      await apply(events);
      // A card already on file that had a trial elsewhere spends no second one.
      const [card] = await tx
        .select({ fingerprint: billingSubscriptions.cardFingerprint })
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, actor.userId));
      if (card?.fingerprint) {
        const [other] = await tx
          .select({ userId: billingTrials.userId })
          .from(billingTrials)
          .where(and(eq(billingTrials.cardFingerprint, card.fingerprint), ne(billingTrials.userId, actor.userId)));
        if (other) throw new Refusal(fail("BILLING_CARD_TRIAL_USED"));
      }
      return { ok: true as const, state: await readBillingState(tx, actor.userId) };
    },
  );
}
