import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/lib/money";
import { salesMethods } from "../tables.server";

/** The store currency: the online-store setting's, else the default. */
export async function storeCurrency(db: Database, userId: string): Promise<Currency> {
  const [row] = await db
    .select({ settings: salesMethods.settings })
    .from(salesMethods)
    .where(and(eq(salesMethods.userId, userId), eq(salesMethods.method, "online_store")))
    .limit(1);
  const currency = row?.settings.currency;
  return isCurrency(currency) ? currency : DEFAULT_CURRENCY;
}
