import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { SUBSCRIPTION_TOKEN_PATTERN } from "~/domains/customers/unsubscribe-link";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { newSubscriptionToken, subscriptionTokenHash } from "./subscription-tokens.server";

/** A confirmed sign-up: the address, and the unsubscribe token for its welcome (null: already subscribed). */
export type ConfirmedSubscription = { ok: true; email: string; unsubscribeToken: string | null };

/**
 * Turns the seller's pending sign-up named by `token` into a subscriber, recording the consent with when and from
 * where it was confirmed. A past subscriber is subscribed again only this way; a current one keeps their links.
 */
export async function confirmSubscription(
  db: Database,
  input: { sellerId: string; token: string },
  meta: RequestMeta,
): Promise<ConfirmedSubscription | Failure<"SUBSCRIPTION_CONFIRMATION_NOT_FOUND">> {
  if (!SUBSCRIPTION_TOKEN_PATTERN.test(input.token)) return fail("SUBSCRIPTION_CONFIRMATION_NOT_FOUND");
  const unsubscribeToken = newSubscriptionToken();
  const unsubscribeHash = subscriptionTokenHash(unsubscribeToken);
  // A current subscriber's unsubscribe token stays, so the links in the mails they already have keep working.
  const result = await db.execute<{ email: string; welcome: boolean }>(sql`
    with pending as (
      delete from subscriber_confirmations
      where token_hash = ${subscriptionTokenHash(input.token)} and seller_id = ${input.sellerId} and expires_at > now()
      returning seller_id, email, source, consent_text
    )
    insert into customer_subscribers as s (seller_id, email, source, consent_text, consented_at, unsubscribe_token_hash,
      consent_ip, consent_user_agent)
    select seller_id, email, source, consent_text, now(), ${unsubscribeHash}, ${meta.ipAddress ?? null},
      ${meta.userAgent ?? null}
    from pending
    on conflict (seller_id, email) do update set source = excluded.source, consent_text = excluded.consent_text,
      consented_at = now(), consent_ip = excluded.consent_ip, consent_user_agent = excluded.consent_user_agent,
      unsubscribe_token_hash = case when s.unsubscribed_at is null then s.unsubscribe_token_hash
        else excluded.unsubscribe_token_hash end,
      unsubscribed_at = null
    returning s.email, s.unsubscribe_token_hash = ${unsubscribeHash} as welcome`);
  const row = result.rows[0];
  if (!row) return fail("SUBSCRIPTION_CONFIRMATION_NOT_FOUND");
  return { ok: true, email: row.email, unsubscribeToken: row.welcome ? unsubscribeToken : null };
}
