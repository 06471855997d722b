import { type SQL, sql } from "drizzle-orm";

/** The seller's account id at the provider as a scalar SQL expression (null without one), for other features' reads. */
export function sellerAccountIdSql(sellerId: SQL, provider: SQL): SQL {
  return sql`(select external_account_id from payment_accounts where user_id = ${sellerId} and provider = ${provider})`;
}

/** Whether the seller has an account at the provider, in any state, as a boolean SQL expression. */
export function hasPaymentAccountSql(sellerId: SQL, provider: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from payment_accounts a where a.user_id = ${sellerId} and a.provider = ${provider})`;
}
