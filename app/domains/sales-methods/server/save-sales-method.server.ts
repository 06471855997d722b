import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import type { SalesMethodKey } from "~/domains/sales-methods/content/sales-methods";

/** Upserts the creator's setup of one sales method and returns its row id, which the buy button links to. */
export async function saveSalesMethod(
  db: Database,
  userId: string,
  method: SalesMethodKey,
  settings: Record<string, unknown>,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(salesMethods)
    .values({ userId, method, settings })
    .onConflictDoUpdate({
      target: [salesMethods.userId, salesMethods.method],
      // The allowed websites are edited on their own page: a setup saved without them keeps them.
      set: {
        settings: sql`jsonb_strip_nulls(jsonb_build_object('allowedOrigins', ${salesMethods.settings}->'allowedOrigins')) || excluded.settings`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: salesMethods.id });
  return row!;
}
