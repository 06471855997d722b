import { and, eq, ne } from "drizzle-orm";
import { Refusal } from "~/db/refusal.server";
import type { BillingState } from "~/domains/billing/subscription-state";
import { billingTrials } from "~/domains/billing/tables.server";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { readBillingState } from "./read-billing-state.server";
import { runBillingChange } from "./run-billing-change.server";
import { testBillingProviderOf } from "./test-billing-provider-of.server";

/** Adds or replaces the creator's test card; while trialing, a card that had another creator's trial is refused. */
export function setTestCard(
  services: BillingServices,
  actor: BillingActor,
  input: { card: string },
  meta: RequestMeta,
): Promise<{ ok: true; state: BillingState } | Failure> {
  return runBillingChange(services, actor, meta, { testOnly: true }, async ({ tx, state, customerId, apply }) => {
    const provider = testBillingProviderOf(services.billing);
    const fingerprint = provider.fingerprintOf(input.card);
    if (fingerprint === null) throw new Refusal(fail("BILLING_CARD_DECLINED"));
    if (state.status === "trialing") {
      const [other] = await tx
        .select({ userId: billingTrials.userId })
        .from(billingTrials)
        .where(and(eq(billingTrials.cardFingerprint, fingerprint), ne(billingTrials.userId, actor.userId)));
      if (other) throw new Refusal(fail("BILLING_CARD_TRIAL_USED"));
    }
    await apply(await provider.setCard({ customerId: await customerId(), card: input.card }));
    return { ok: true as const, state: await readBillingState(tx, actor.userId) };
  });
}
