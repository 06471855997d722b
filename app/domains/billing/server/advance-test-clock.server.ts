import { Refusal } from "~/db/refusal.server";
import type { BillingState } from "~/domains/billing/subscription-state";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { readBillingState } from "./read-billing-state.server";
import { runBillingChange } from "./run-billing-change.server";
import { testBillingProviderOf } from "./test-billing-provider-of.server";

/** The furthest one move of a test clock goes. */
const MAX_DAYS = 400;

/** Moves the creator's test clock forward, running trial ends, renewals, retries and lapses due on the way. */
export function advanceTestClock(
  services: BillingServices,
  actor: BillingActor,
  input: { days: number },
  meta: RequestMeta,
): Promise<{ ok: true; state: BillingState } | Failure> {
  return runBillingChange(services, actor, meta, { testOnly: true }, async ({ tx, customerId, apply }) => {
    if (!Number.isInteger(input.days) || input.days < 1 || input.days > MAX_DAYS) {
      throw new Refusal(fail("BILLING_TEST_CLOCK_DAYS"));
    }
    const provider = testBillingProviderOf(services.billing);
    await apply(await provider.advanceClock({ customerId: await customerId(), days: input.days }));
    return { ok: true as const, state: await readBillingState(tx, actor.userId) };
  });
}
