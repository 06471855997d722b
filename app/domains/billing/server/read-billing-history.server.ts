import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { BillingHistoryEntry } from "~/domains/billing/subscription-state";
import { billingHistory } from "~/domains/billing/tables.server";

/** The creator's plan and payment history, newest first, for the billing page. */
export async function readBillingHistory(db: Database, userId: string): Promise<BillingHistoryEntry[]> {
  const rows = await db
    .select({
      at: billingHistory.at,
      kind: billingHistory.kind,
      plan: billingHistory.plan,
      fromPlan: billingHistory.fromPlan,
    })
    .from(billingHistory)
    .where(eq(billingHistory.userId, userId))
    .orderBy(desc(billingHistory.at), desc(billingHistory.createdAt));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
