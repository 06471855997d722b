import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { salesMethods } from "~/db/schema";
import { isSalesMethodKey, type SalesMethodKey } from "~/content/sales-methods";

/** Which sales methods a creator has set up, and when each was last saved (own rows only). */
export async function listSalesMethods(db: Database, userId: string): Promise<{ method: SalesMethodKey; updatedAt: Date }[]> {
  const rows = await db.select({ method: salesMethods.method, updatedAt: salesMethods.updatedAt }).from(salesMethods).where(eq(salesMethods.userId, userId));
  return rows.flatMap((row) => (isSalesMethodKey(row.method) ? [{ method: row.method, updatedAt: row.updatedAt }] : []));
}
