import type { Failure } from "~/lib/errors";
import { askBillingProvider } from "./ask-billing-provider.server";
import type { BillingActor, BillingServices } from "./billing-services.server";
import { runBillingChange } from "./run-billing-change.server";

/** The provider's page where the creator updates the card and reads invoices (Stripe's customer portal). */
export function openBillingPortal(
  services: BillingServices,
  actor: BillingActor,
  input: { returnUrl: string },
): Promise<{ ok: true; url: string } | Failure> {
  return runBillingChange(services, actor, {}, {}, async ({ provider, customerId }) => {
    const customer = await customerId();
    const url = await askBillingProvider(provider, () =>
      provider.portalUrl({ customerId: customer, returnUrl: input.returnUrl }),
    );
    return { ok: true as const, url };
  });
}
