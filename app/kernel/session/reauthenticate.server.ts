import { and, eq } from "drizzle-orm";
import { account, session } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { RATE_LIMITS, reserveRateLimits } from "~/server/rate-limit/consume-rate-limit.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** How recent a sign-in must be to stand in for a password, for OAuth-only accounts. */
export const FRESH_SESSION_SECONDS = 10 * 60;

export type Reauthentication =
  | { ok: true; method: "password" | "fresh_session" }
  | Failure<
      "CURRENT_PASSWORD_REQUIRED" | "CURRENT_PASSWORD_WRONG" | "REAUTHENTICATION_RATE_LIMITED" | "SESSION_TOO_OLD"
    >;

/**
 * Re-authenticates before a sensitive change: the current password, limited and audited per user, or else a sign-in
 * younger than 10 minutes.
 */
export async function reauthenticate(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  password: string | undefined,
  action: string,
): Promise<Reauthentication> {
  const { db, auth } = services;
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .limit(1);

  if (!credential?.hash) {
    const [row] = await db
      .select({ createdAt: session.createdAt })
      .from(session)
      .where(eq(session.id, user.sessionId))
      .limit(1);
    const fresh = row && Date.now() - row.createdAt.getTime() < FRESH_SESSION_SECONDS * 1000;
    return fresh ? { ok: true, method: "fresh_session" } : fail("SESSION_TOO_OLD");
  }

  // Counted before the check in one statement, so parallel requests cannot all pass, and taken back unless wrong: only
  // wrong answers count.
  const attempt = await reserveRateLimits(db, [{ rule: RATE_LIMITS.currentPassword, key: `user:${user.id}` }]);
  if (!attempt.allowed) {
    await attempt.release();
    await recordSecurityEvent(
      db,
      {
        userId: user.id,
        eventType: "reauthentication_rate_limited",
        eventCategory: "authentication",
        severity: "high",
        riskScore: 7,
        details: { action },
      },
      ctx.meta,
    );
    return fail("REAUTHENTICATION_RATE_LIMITED");
  }
  if (!password) {
    await attempt.release();
    return fail("CURRENT_PASSWORD_REQUIRED");
  }

  const context = await auth.$context;
  let verified: boolean;
  try {
    verified = await context.password.verify({ hash: credential.hash, password });
  } catch (error) {
    await attempt.release();
    throw error;
  }
  if (verified) {
    await attempt.release();
    return { ok: true, method: "password" };
  }
  await recordSecurityEvent(
    db,
    {
      userId: user.id,
      eventType: "reauthentication_failed",
      eventCategory: "authentication",
      severity: "medium",
      riskScore: 4,
      details: { action },
    },
    ctx.meta,
  );
  return fail("CURRENT_PASSWORD_WRONG");
}
