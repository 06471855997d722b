import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethods } from "~/features/sales-methods/schema.server";
import type { SalesMethodKey } from "~/features/sales-methods/content/sales-methods";

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
