import { BILLING_PAGE_PATH } from "~/domains/billing/billing-page-path";
import type { Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { runBillingChange } from "./run-billing-change.server";

/** Where a checkout sends the creator back: 'Choose Your Plan' or the billing page. */
const RETURN_PATHS = { "choose-plan": "/choose-plan", billing: BILLING_PAGE_PATH } as const;

/** Opens the provider's hosted checkout for a paid plan; the plan starts only when the payment's event arrives. */
export function startPlanCheckout(
  services: BillingServices,
  actor: BillingActor,
  input: { plan: "pro" | "business" | "enterprise"; returnTo: keyof typeof RETURN_PATHS },
  meta: RequestMeta,
): Promise<{ ok: true; url: string } | Failure> {
  return runBillingChange(services, actor, meta, { live: false }, async ({ provider, customerId }) => {
    const back = `${services.env.APP_URL}${RETURN_PATHS[input.returnTo]}`;
    const customer = await customerId();
    const checkout = await askBillingProvider(provider, () =>
      provider.createCheckout({
        userId: actor.userId,
        email: actor.email,
        customerId: customer,
        plan: input.plan,
        successUrl: `${back}?checkout=${input.plan}`,
        cancelUrl: back,
      }),
    );
    return { ok: true as const, url: checkout.url };
  });
}
