import { Refusal } from "~/db/refusal.server";
import { fail } from "~/lib/errors";
import type { BillingProviders } from "./create-billing-providers.server";
import type { TestBillingProvider } from "./test-billing-provider.server";

/** The test provider, or BILLING_TEST_MODE_ONLY thrown as a Refusal when it is off. */
export function testBillingProviderOf(providers: BillingProviders): TestBillingProvider {
  if (!providers.test) throw new Refusal(fail("BILLING_TEST_MODE_ONLY"));
  return providers.test;
}
