import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { billingCustomers } from "~/domains/billing/tables.server";

/** The creator's customer id at the test provider, or null before their first test billing action. */
export async function readTestCustomerId(db: Database, userId: string): Promise<string | null> {
  const [customer] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, "test")));
  return customer?.customerId ?? null;
}
