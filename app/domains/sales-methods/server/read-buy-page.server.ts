import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { businessProfiles } from "~/kernel/store/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { isUuid } from "~/lib/text-formats";

/** `userId`: the creator, for the route to list their products (never sent to the browser). */
export type BuyPage = { storeName: string; description: string; userId: string };

/** A buy button's public page: only the store name and description leave the server; null for unknown ids. */
export async function readBuyPage(db: Database, salesMethodId: string): Promise<BuyPage | null> {
  if (!isUuid(salesMethodId)) return null;
  const [row] = await db
    .select({
      storeName: businessProfiles.storeName,
      description: businessProfiles.businessDescription,
      userId: salesMethods.userId,
    })
    .from(salesMethods)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, salesMethods.userId))
    .where(and(eq(salesMethods.id, salesMethodId), eq(salesMethods.method, "existing_website")))
    .limit(1);
  return row ?? null;
}
