import { sql } from "drizzle-orm";
import { storefrontSellerIdSql } from "~/domains/catalog/server/storefront-sql.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { isSlugLike } from "~/domains/catalog/store-profile";
import { confirmSubscription } from "~/domains/customers/server/confirm-subscription.server";
import { unsubscribeHeaders, unsubscribePath } from "~/domains/customers/unsubscribe-link";
import { bioPath } from "~/domains/link-in-bio/bio-content";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { mailLayout } from "~/server/mail/mail-layout.server";
import type { AppServices } from "~/server/services.server";

/** A confirmed sign-up: the address now subscribed. */
export type BioConfirmResult = { ok: true; email: string } | Failure<"SUBSCRIPTION_CONFIRMATION_NOT_FOUND">;

/**
 * Confirms a sign-up made on the seller's bio page from its emailed link. It mails the welcome with its one-click
 * unsubscribe headers in the same transaction; an address already subscribed gets no second welcome.
 */
export async function confirmBioSignup(
  services: Pick<AppServices, "db" | "env" | "mailer">,
  handle: string,
  token: string,
  meta: RequestMeta,
): Promise<BioConfirmResult> {
  if (!isSlugLike(handle)) return fail("SUBSCRIPTION_CONFIRMATION_NOT_FOUND");
  const { db, env, mailer } = services;
  const found = await db.execute<{ user_id: string; store_name: string | null; title: string }>(sql`
    select g.user_id, (select b.store_name from business_profiles b where b.user_id = g.user_id) as store_name, g.title
    from bio_pages g where g.user_id = ${storefrontSellerIdSql(handle)}`);
  const seller = found.rows[0];
  if (!seller) return fail("SUBSCRIPTION_CONFIRMATION_NOT_FOUND");
  const name = seller.title || seller.store_name || handle;
  const appUrl = env.APP_URL.replace(/\/+$/, "");
  return inTransaction(db, async (tx) => {
    const confirmed = await confirmSubscription(tx, { sellerId: seller.user_id, token }, meta);
    if (!confirmed.ok) return confirmed;
    if (confirmed.unsubscribeToken)
      await mailer.send(
        mailLayout({
          to: confirmed.email,
          subject: `You're subscribed to ${name}`,
          sections: [
            [`Thanks for signing up on ${name}'s page. You will get their news at this address.`],
            [
              {
                sentence: "Changed your mind?",
                link: "Unsubscribe in one click",
                url: `${appUrl}${unsubscribePath(confirmed.unsubscribeToken)}`,
              },
            ],
            [{ sentence: "Their page is", link: "here", url: `${appUrl}${bioPath(handle)}` }],
          ],
          headers: unsubscribeHeaders(appUrl, confirmed.unsubscribeToken),
        }),
        { tx },
      );
    return { ok: true as const, email: confirmed.email };
  });
}
