import type { BillingProviderId } from "~/domains/billing/subscription-state";
import type { BillingProvider } from "./billing-provider.server";
import type { BillingProviders } from "./create-billing-providers.server";

/** The provider a creator's billing goes through: their subscription's, else Stripe when set up, else the test one. */
export function pickBillingProvider(
  providers: BillingProviders,
  current: BillingProviderId | null,
): BillingProvider | null {
  if (current) return providers[current] ?? null;
  return providers.stripe ?? providers.test ?? null;
}
