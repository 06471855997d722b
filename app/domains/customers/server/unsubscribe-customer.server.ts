import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { SUBSCRIPTION_TOKEN_PATTERN } from "~/domains/customers/unsubscribe-link";
import { type Failure, fail } from "~/lib/errors";
import { subscriptionTokenHash } from "./subscription-tokens.server";

/** Ends the subscription an unsubscribe token names; repeating it is harmless. */
export async function unsubscribeCustomer(
  db: Database,
  token: string,
): Promise<{ ok: true; storeName: string } | Failure<"SUBSCRIPTION_NOT_FOUND">> {
  if (!SUBSCRIPTION_TOKEN_PATTERN.test(token)) return fail("SUBSCRIPTION_NOT_FOUND");
  const result = await db.execute<{ store_name: string | null }>(sql`
    update customer_subscribers u set unsubscribed_at = coalesce(u.unsubscribed_at, now())
    where u.unsubscribe_token_hash = ${subscriptionTokenHash(token)}
    returning (select b.store_name from business_profiles b where b.user_id = u.seller_id) as store_name`);
  const row = result.rows[0];
  return row ? { ok: true, storeName: row.store_name ?? "" } : fail("SUBSCRIPTION_NOT_FOUND");
}
