import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import { isLive } from "~/domains/billing/billing-rules";
import type { BillingState } from "~/domains/billing/subscription-state";
import { billingSubscriptions } from "~/domains/billing/tables.server";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { applyBillingEvents } from "./apply-billing-events.server";
import type { BillingEvent, BillingProvider } from "./billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { ensureBillingCustomer } from "./ensure-billing-customer.server";
import { lockBillingUser } from "./lock-billing-user.server";
import { pickBillingProvider } from "./pick-billing-provider.server";
import { readBillingState } from "./read-billing-state.server";
import { testBillingProviderOf } from "./test-billing-provider-of.server";

/** What a billing change works with, inside the creator's billing lock and one transaction. */
export type BillingChange = {
  tx: Database;
  state: BillingState;
  provider: BillingProvider;
  /** The creator's subscription at the provider, when there is one (ended ones too). */
  subscriptionId: string | null;
  /** The creator's customer at the provider, created on first use. */
  customerId: () => Promise<string>;
  /** Applies what the provider answered, as its webhooks would. */
  apply: (events: BillingEvent[]) => Promise<void>;
};

/**
 * Runs a creator's billing change under their billing lock in one transaction, so two tabs take turns; a Refusal
 * thrown inside rolls it back and is returned as its failure.
 */
export function runBillingChange<T>(
  services: BillingServices,
  actor: BillingActor,
  meta: RequestMeta,
  options: { live?: boolean; testOnly?: boolean },
  change: (context: BillingChange) => Promise<T>,
): Promise<T | Failure> {
  return refusable(services.db, async (tx) => {
    await lockBillingUser(tx, actor.userId);
    const state = await readBillingState(tx, actor.userId);
    if (options.live === true && (state.status === "none" || !isLive(state.status))) {
      throw new Refusal(fail("BILLING_NO_SUBSCRIPTION"));
    }
    if (options.live === false && state.status !== "none" && isLive(state.status)) {
      throw new Refusal(fail("BILLING_ALREADY_SUBSCRIBED"));
    }
    if (options.testOnly && state.provider !== null && state.provider !== "test") {
      throw new Refusal(fail("BILLING_TEST_MODE_ONLY"));
    }
    const provider = options.testOnly
      ? testBillingProviderOf(services.billing)
      : pickBillingProvider(services.billing, state.provider);
    if (!provider) throw new Refusal(fail("BILLING_PROVIDER_UNREACHABLE"));
    const [row] = await tx
      .select({ subscriptionId: billingSubscriptions.subscriptionId })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, actor.userId));
    return change({
      tx,
      state,
      provider,
      subscriptionId: row?.subscriptionId ?? null,
      customerId: () => ensureBillingCustomer(tx, provider, actor),
      apply: async (events) => {
        await applyBillingEvents(tx, provider.id, events, { mailer: services.mailer, env: services.env, meta });
      },
    });
  });
}
