import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import { newSubscriptionToken, subscriptionTokenHash } from "./subscription-tokens.server";

/** How long a confirmation link works. */
export const SUBSCRIPTION_CONFIRMATION_DAYS = 7;

/** Confirmation mails per seller and address, so one store's form cannot flood an inbox. */
export const CONFIRMATION_PER_TARGET: RateLimitRule = {
  name: "subscription-confirmation",
  limit: 3,
  windowSeconds: 24 * 60 * 60,
};
/** Confirmation mails per address from all stores together. */
export const CONFIRMATION_PER_ADDRESS: RateLimitRule = {
  name: "subscription-confirmation-address",
  limit: 10,
  windowSeconds: 24 * 60 * 60,
};

/**
 * Stores a pending sign-up and answers the confirmation token to mail, or null past the address's limits (then
 * nothing changes). A subscriber, present or past, is never changed here: only their confirming does.
 */
export async function requestSubscription(
  db: Database,
  input: { sellerId: string; email: string; source: string; consentText: string },
): Promise<{ token: string | null }> {
  const email = input.email.toLowerCase();
  const limit = await consumeRateLimits(db, [
    { rule: CONFIRMATION_PER_TARGET, key: `${input.sellerId}:${email}` },
    { rule: CONFIRMATION_PER_ADDRESS, key: email },
  ]);
  if (!limit.allowed) return { token: null };
  const token = newSubscriptionToken();
  await db.execute(sql`
    delete from subscriber_confirmations
    where seller_id = ${input.sellerId} and expires_at <= now() and email <> ${email}`);
  await db.execute(sql`
    insert into subscriber_confirmations (seller_id, email, source, consent_text, token_hash, expires_at)
    values (${input.sellerId}, ${email}, ${input.source}, ${input.consentText}, ${subscriptionTokenHash(token)},
      now() + make_interval(days => ${SUBSCRIPTION_CONFIRMATION_DAYS}))
    on conflict (seller_id, email) do update set source = excluded.source, consent_text = excluded.consent_text,
      token_hash = excluded.token_hash, created_at = now(), expires_at = excluded.expires_at`);
  return { token };
}
