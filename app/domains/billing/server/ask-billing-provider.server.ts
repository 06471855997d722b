import { Refusal } from "~/db/refusal.server";
import { fail } from "~/lib/errors";
import type { BillingProvider } from "./billing-provider.server";

/**
 * A provider call whose failure to answer becomes BILLING_PROVIDER_UNREACHABLE; the built-in provider's bugs still
 * throw.
 */
export async function askBillingProvider<T>(provider: BillingProvider, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Refusal || provider.id === "test") throw error;
    throw new Refusal(fail("BILLING_PROVIDER_UNREACHABLE"));
  }
}
