import { type SQL, sql } from "drizzle-orm";

/** The seller's account id at the provider as a scalar SQL expression (null without one), for other features' reads. */
export function sellerAccountIdSql(sellerId: SQL, provider: SQL): SQL {
  return sql`(select external_account_id from payment_accounts where user_id = ${sellerId} and provider = ${provider})`;
}
