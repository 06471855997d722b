import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/features/catalog/money";
import { salesMethods } from "~/features/sales-methods/schema.server";

/** The store currency (issue 14.2): the online-store setting's, USD when the creator has not set one up. */
export async function storeCurrency(db: Database, userId: string): Promise<Currency> {
  const [row] = await db
    .select({ settings: salesMethods.settings })
    .from(salesMethods)
    .where(and(eq(salesMethods.userId, userId), eq(salesMethods.method, "online_store")))
    .limit(1);
  const currency = row?.settings.currency;
  return isCurrency(currency) ? currency : DEFAULT_CURRENCY;
}
