import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { salesMethods } from "~/db/schema";
import type { SalesMethodKey } from "~/content/sales-methods";

export type SavedSalesMethod = { id: string; settings: Record<string, unknown>; updatedAt: Date };

/** The creator's own saved setup of one sales method, or null when it was never saved. */
export async function getSalesMethod(db: Database, userId: string, method: SalesMethodKey): Promise<SavedSalesMethod | null> {
  const [row] = await db
    .select({ id: salesMethods.id, settings: salesMethods.settings, updatedAt: salesMethods.updatedAt })
    .from(salesMethods)
    .where(and(eq(salesMethods.userId, userId), eq(salesMethods.method, method)))
    .limit(1);
  return row ?? null;
}
