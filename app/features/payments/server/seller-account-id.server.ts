import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { ProviderId } from "./payment-provider.server";

/** The seller's account at the provider (Stripe acct_…, a PayPal merchant id); null for the test provider. */
export async function sellerAccountId(db: Database, sellerId: string, provider: ProviderId): Promise<string | null> {
  const found = await db.execute<{ external_account_id: string | null }>(
    sql`select external_account_id from payment_accounts where user_id = ${sellerId} and provider = ${provider} limit 1`,
  );
  return found.rows[0]?.external_account_id ?? null;
}
