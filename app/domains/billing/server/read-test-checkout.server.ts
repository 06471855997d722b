import type { Database } from "~/db/database.server";
import { readTestCustomerId } from "./read-test-customer-id.server";
import { createTestBillingProvider, type TestCheckout } from "./test-billing-provider.server";

/** The creator's own test checkout for its TEST MODE page; null when it is another's or does not exist. */
export async function readTestCheckout(db: Database, userId: string, checkoutId: string): Promise<TestCheckout | null> {
  const customerId = await readTestCustomerId(db, userId);
  return customerId ? createTestBillingProvider({ db }).readCheckout({ customerId, checkoutId }) : null;
}
