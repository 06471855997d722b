import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { ProviderId } from "./payment-provider.server";
import { sellerAccountIdSql } from "./seller-account-sql.server";

/** The seller's account at the provider (Stripe acct_…, a PayPal merchant id); null for the test provider. */
export async function sellerAccountId(db: Database, sellerId: string, provider: ProviderId): Promise<string | null> {
  const found = await db.execute<{ external_account_id: string | null }>(
    sql`select ${sellerAccountIdSql(sql`${sellerId}`, sql`${provider}`)} as external_account_id`,
  );
  return found.rows[0]?.external_account_id ?? null;
}
