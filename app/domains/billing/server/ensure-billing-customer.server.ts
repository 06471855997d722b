import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { billingCustomers } from "~/domains/billing/tables.server";
import type { BillingProvider } from "./billing-provider.server";
import type { BillingActor } from "./billing-services.server";

/** The creator's customer id at `provider`, created there first when there is none; call under the billing lock. */
export async function ensureBillingCustomer(
  tx: Database,
  provider: BillingProvider,
  actor: BillingActor,
): Promise<string> {
  const [existing] = await tx
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, actor.userId), eq(billingCustomers.provider, provider.id)));
  if (existing) return existing.customerId;
  const { customerId } = await provider.createCustomer({ userId: actor.userId, email: actor.email });
  await tx.insert(billingCustomers).values({ userId: actor.userId, provider: provider.id, customerId });
  return customerId;
}
