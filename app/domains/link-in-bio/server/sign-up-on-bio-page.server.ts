import { sql } from "drizzle-orm";
import { storefrontSellerIdSql } from "~/domains/catalog/server/storefront-sql.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { verifyCaptcha } from "~/domains/accounts/server/captcha/verify-captcha.server";
import { isSlugLike } from "~/domains/catalog/store-profile";
import {
  requestSubscription,
  SUBSCRIPTION_CONFIRMATION_DAYS,
} from "~/domains/customers/server/request-subscription.server";
import { BIO_SOURCE, bioConfirmPath } from "~/domains/link-in-bio/bio-content";
import { SIGNUP_CONSENT_TEXT } from "~/domains/link-in-bio/schemas/bio-forms";
import { type Failure, fail } from "~/lib/errors";
import { mailLayout } from "~/server/mail/mail-layout.server";
import { RATE_LIMITS, reserveRateLimits } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";

/** Sign-ups one address makes per hour before each further one needs a captcha. */
export const BIO_SIGNUP_CAPTCHA_AFTER = 3;
/** Sign-ups on one page per hour before every sign-up there needs a captcha. */
export const BIO_SIGNUP_PAGE_CAPTCHA_AFTER = 100;

export type BioSignupResult =
  | { ok: true }
  | Failure<"BIO_SIGNUP_CAPTCHA_REQUIRED">
  | (Failure<"BIO_SIGNUP_RATE_LIMITED"> & { retryAfterSeconds: number })
  | { ok: false; code: "NOT_FOUND" };

/**
 * Asks `email`'s owner to confirm joining the seller's subscribers: a pending sign-up and its confirmation mail, the
 * same answer whoever the address is. Rate limited per client and page (a captcha past a threshold) and per address.
 */
export async function signUpOnBioPage(
  services: AppServices,
  handle: string,
  input: { email: string; captcha?: string },
  meta: { ipAddress?: string },
): Promise<BioSignupResult> {
  if (!isSlugLike(handle)) return { ok: false, code: "NOT_FOUND" };
  const { db, env, mailer } = services;
  const found = await db.execute<{ user_id: string; store_name: string | null; title: string }>(sql`
    select g.user_id, (select b.store_name from business_profiles b where b.user_id = g.user_id) as store_name, g.title
    from bio_pages g where g.user_id = ${storefrontSellerIdSql(handle)}
      and exists (select 1 from bio_blocks k where k.user_id = g.user_id and k.kind = 'signup' and not k.hidden
        and (k.show_from is null or k.show_from <= now()) and (k.show_until is null or k.show_until > now()))`);
  const seller = found.rows[0];
  if (!seller) return { ok: false, code: "NOT_FOUND" };
  const attempt = await reserveRateLimits(db, [
    { rule: RATE_LIMITS.bioSignup, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.bioSignupPage, key: `seller:${seller.user_id}` },
  ]);
  if (!attempt.allowed) return { ...fail("BIO_SIGNUP_RATE_LIMITED"), retryAfterSeconds: attempt.retryAfterSeconds };
  const needsCaptcha =
    attempt.hits(RATE_LIMITS.bioSignup) > BIO_SIGNUP_CAPTCHA_AFTER ||
    attempt.hits(RATE_LIMITS.bioSignupPage) > BIO_SIGNUP_PAGE_CAPTCHA_AFTER;
  if (needsCaptcha && !(input.captcha && (await verifyCaptcha(services, input.captcha, meta.ipAddress)))) {
    await attempt.release();
    return fail("BIO_SIGNUP_CAPTCHA_REQUIRED");
  }
  const name = seller.title || seller.store_name || handle;
  const appUrl = env.APP_URL.replace(/\/+$/, "");
  await inTransaction(db, async (tx) => {
    const { token } = await requestSubscription(tx, {
      sellerId: seller.user_id,
      email: input.email,
      source: BIO_SOURCE,
      consentText: SIGNUP_CONSENT_TEXT,
    });
    // Past the address's limits no mail goes, and the answer stays the same.
    if (!token) return;
    await mailer.send(
      mailLayout({
        to: input.email,
        subject: `Confirm your subscription to ${name}`,
        sections: [
          [
            `Please confirm that you want to get news from ${name} at this address. Until you do, they will not email you.`,
            `The link is valid for ${SUBSCRIPTION_CONFIRMATION_DAYS} days.`,
          ],
          [{ button: "Confirm my subscription", url: `${appUrl}${bioConfirmPath(handle, token)}` }],
          ["If you did not sign up, ignore this email: you will not be subscribed."],
        ],
      }),
      { tx },
    );
  });
  return { ok: true };
}
