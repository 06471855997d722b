import { eq } from "drizzle-orm";
import { user } from "~/features/accounts/schema.server";
import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** Mails a one-time sign-in link to an existing, verified account; answers the same for any email (no enumeration). */
export async function sendMagicLink(services: AppServices, ctx: RequestContext, email: string): Promise<{ ok: true } | Failure<"MAGIC_LINK_RATE_LIMITED">> {
  const { db, auth, logger } = services;
  const meta = ctx.meta;
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.magicLink, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.magicLink, key: `email:${email}` },
  ]);
  if (!limit.allowed) return fail("MAGIC_LINK_RATE_LIMITED");
  // The answer is the same, and takes the same work, for every email (issue 13.6): looking the account up and
  // mailing the link happen after it.
  const headers = new Headers(ctx.headers);
  services.afterResponse.run("magic link", async () => {
    // Only verified accounts: better-auth would otherwise wipe an unverified account's password on use.
    const [account] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
    if (!account?.verified) return;
    try {
      await auth.api.signInMagicLink({ body: { email, callbackURL: "/" }, headers });
    } catch (error) {
      logger.error({ err: error }, "magic link not sent");
    }
  });
  return { ok: true };
}
