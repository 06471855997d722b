import { and, eq, sql } from "drizzle-orm";
import { account, appRateLimits, session } from "~/db/schema";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE, CURRENT_PASSWORD_WRONG_MESSAGE } from "~/schemas/settings-current-password";
import type { CurrentUser } from "../auth/get-current-user.server";
import { requestMeta } from "../http/request-meta.server";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/consume-rate-limit.server";
import { recordSecurityEvent } from "../security/record-security-event.server";
import type { AppServices } from "../services";

/** How recent a sign-in must be to stand in for a password (accounts without one: OAuth only). */
export const FRESH_SESSION_SECONDS = 10 * 60;
export const TOO_MANY_ATTEMPTS_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";
export const SIGN_IN_AGAIN_MESSAGE = "For your security, please sign out and sign in again, then retry within 10 minutes.";

export type Reauthentication =
  | { ok: true; method: "password" | "fresh_session" }
  | { ok: false; reason: "missing" | "wrong" | "rate_limited" | "stale_session"; message: string };

/**
 * Re-authentication before a sensitive change (GUIDE §4): the current password when the account has one —
 * wrong attempts are limited per user in the database and written as security events — otherwise a session
 * younger than 10 minutes. `action` names the change in the event (no secrets).
 */
export async function reauthenticate(services: AppServices, request: Request, user: CurrentUser, password: string | undefined, action: string): Promise<Reauthentication> {
  const { db, auth } = services;
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .limit(1);

  if (!credential?.hash) {
    const [row] = await db.select({ createdAt: session.createdAt }).from(session).where(eq(session.id, user.sessionId)).limit(1);
    const fresh = row && Date.now() - row.createdAt.getTime() < FRESH_SESSION_SECONDS * 1000;
    return fresh ? { ok: true, method: "fresh_session" } : { ok: false, reason: "stale_session", message: SIGN_IN_AGAIN_MESSAGE };
  }

  const rule = RATE_LIMITS.currentPassword;
  const key = `user:${user.id}`;
  const [bucket] = await db
    .select({ hits: appRateLimits.hits })
    .from(appRateLimits)
    .where(and(eq(appRateLimits.bucket, `${rule.name}:${key}`), sql`${appRateLimits.windowStartedAt} >= now() - make_interval(secs => ${rule.windowSeconds})`));
  if (bucket && bucket.hits >= rule.limit) {
    await recordSecurityEvent(db, { userId: user.id, eventType: "reauthentication_rate_limited", eventCategory: "authentication", severity: "high", riskScore: 7, details: { action } }, requestMeta(request));
    return { ok: false, reason: "rate_limited", message: TOO_MANY_ATTEMPTS_MESSAGE };
  }
  if (!password) return { ok: false, reason: "missing", message: CURRENT_PASSWORD_REQUIRED_MESSAGE };

  const context = await auth.$context;
  if (await context.password.verify({ hash: credential.hash, password })) return { ok: true, method: "password" };

  // Only wrong answers count: a creator who knows their password is never slowed down.
  await consumeRateLimit(db, rule, key);
  await recordSecurityEvent(db, { userId: user.id, eventType: "reauthentication_failed", eventCategory: "authentication", severity: "medium", riskScore: 4, details: { action } }, requestMeta(request));
  return { ok: false, reason: "wrong", message: CURRENT_PASSWORD_WRONG_MESSAGE };
}
