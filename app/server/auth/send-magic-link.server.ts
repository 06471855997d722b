import { eq } from "drizzle-orm";
import { user } from "~/db/schema";
import { requestMeta } from "../http/request-meta.server";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/consume-rate-limit.server";
import type { AppServices } from "../services";

/** Mails a one-time sign-in link to an existing, verified account; answers the same for any email (no enumeration). */
export async function sendMagicLink(services: AppServices, request: Request, email: string): Promise<{ ok: boolean; message?: string }> {
  const { db, auth, logger } = services;
  const meta = requestMeta(request);
  const [byIp, byEmail] = await Promise.all([
    consumeRateLimit(db, RATE_LIMITS.magicLink, `ip:${meta.ipAddress ?? "unknown"}`),
    consumeRateLimit(db, RATE_LIMITS.magicLink, `email:${email}`),
  ]);
  if (!byIp.allowed || !byEmail.allowed) return { ok: false, message: "Too many requests. Please wait before trying again." };
  // Only verified accounts: better-auth would otherwise wipe an unverified account's password on use.
  const [account] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
  if (!account?.verified) return { ok: true };
  try {
    await auth.api.signInMagicLink({ body: { email, callbackURL: "/" }, headers: request.headers });
  } catch (error) {
    logger.error({ err: error }, "magic link not sent");
  }
  return { ok: true };
}
