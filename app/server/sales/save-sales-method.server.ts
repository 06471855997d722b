import { sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { salesMethods } from "~/db/schema";
import type { SalesMethodKey } from "~/content/sales-methods";

/**
 * Saves the creator's setup of one sales method: one row per (user, method), created on the first save and
 * replaced on later ones. Returns the row's id (the buy button links to it).
 */
export async function saveSalesMethod(db: Database, userId: string, method: SalesMethodKey, settings: Record<string, unknown>): Promise<{ id: string }> {
  const [row] = await db
    .insert(salesMethods)
    .values({ userId, method, settings })
    .onConflictDoUpdate({ target: [salesMethods.userId, salesMethods.method], set: { settings, updatedAt: sql`now()` } })
    .returning({ id: salesMethods.id });
  return row!;
}
