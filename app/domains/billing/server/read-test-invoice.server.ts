import type { Database } from "~/db/database.server";
import type { BillingInvoice } from "./billing-provider.server";
import { readTestCustomerId } from "./read-test-customer-id.server";
import { createTestBillingProvider } from "./test-billing-provider.server";

/** The creator's own test invoice for the test provider's invoice page; null when it is another's. */
export async function readTestInvoice(db: Database, userId: string, invoiceId: string): Promise<BillingInvoice | null> {
  const customerId = await readTestCustomerId(db, userId);
  return customerId ? createTestBillingProvider({ db }).readInvoice({ customerId, invoiceId }) : null;
}
