import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { backupCodes, twoFactor } from "~/domains/security/tables.server";
import { session } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { decryptTotpSecret, hashBackupCode, looksLikeBackupCode, matchingTotpStep } from "./two-factor-crypto.server";
import { type Failure, fail } from "~/lib/errors";
import { TWO_FACTOR_LOCKOUT_MINUTES } from "~/domains/security/errors";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** After this many wrong codes in a row the account's second factor is locked for LOCKOUT_MINUTES. */
export const MAX_FAILED_SECOND_FACTOR_ATTEMPTS = 5;
export const LOCKOUT_MINUTES = TWO_FACTOR_LOCKOUT_MINUTES;

export type SecondFactorResult =
  | { ok: true; method: "totp" | "backup_code" }
  | Failure<"TWO_FACTOR_CODE_WRONG" | "TWO_FACTOR_LOCKED" | "TWO_FACTOR_RATE_LIMITED" | "TWO_FACTOR_NOT_ENABLED">;

/**
 * Checks a sign-in's second factor, a TOTP code or backup code, each single-use even under parallel submits.
 * Success marks this session; failures count towards a lockout and are written as events.
 */
export async function verifySecondFactor(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  rawCode: string,
): Promise<SecondFactorResult> {
  const { db, env } = services;
  const meta = ctx.meta;
  const code = rawCode.trim();
  const limit = await consumeRateLimit(db, RATE_LIMITS.twoFactor, `ip:${meta.ipAddress ?? "unknown"}`);
  if (!limit.allowed) return fail("TWO_FACTOR_RATE_LIMITED");

  const [state] = await db
    .select({ secretEncrypted: twoFactor.secretEncrypted, lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, user.id), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  if (!state) return fail("TWO_FACTOR_NOT_ENABLED");
  if (state.lockedUntil && state.lockedUntil > new Date()) return fail("TWO_FACTOR_LOCKED");

  const step = /^\d{6}$/.test(code)
    ? matchingTotpStep(await decryptTotpSecret(env.AUTH_SECRET!, state.secretEncrypted), code)
    : null;
  const method = step !== null ? "totp" : looksLikeBackupCode(code) ? "backup_code" : null;

  const passed =
    method &&
    (await inTransaction(db, async (tx) => {
      if (method === "totp") {
        const [accepted] = await tx
          .update(twoFactor)
          .set({ lastUsedStep: step!, failedAttempts: 0, lockedUntil: null })
          .where(
            and(eq(twoFactor.userId, user.id), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step!))),
          )
          .returning({ userId: twoFactor.userId });
        if (!accepted) return false; // this time-step was used already: a replay
      } else {
        const [used] = await tx
          .update(backupCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(backupCodes.userId, user.id),
              eq(backupCodes.codeHash, hashBackupCode(env.AUTH_SECRET!, code)),
              isNull(backupCodes.usedAt),
            ),
          )
          .returning({ id: backupCodes.id });
        if (!used) return false;
        await tx.update(twoFactor).set({ failedAttempts: 0, lockedUntil: null }).where(eq(twoFactor.userId, user.id));
        await recordSecurityEvent(
          tx,
          {
            userId: user.id,
            eventType: "backup_code_used",
            eventCategory: "authentication",
            severity: "medium",
            riskScore: 4,
          },
          meta,
        );
      }
      await tx
        .update(session)
        .set({ secondFactorVerifiedAt: new Date() })
        .where(and(eq(session.id, user.sessionId), eq(session.userId, user.id)));
      await recordSecurityEvent(
        tx,
        {
          userId: user.id,
          eventType: "2fa_verified",
          eventCategory: "authentication",
          severity: "low",
          riskScore: 0,
          details: { method },
        },
        meta,
      );
      return true;
    }));
  if (passed) return { ok: true, method: method! };

  const [counted] = await db
    .update(twoFactor)
    .set({
      failedAttempts: sql`${twoFactor.failedAttempts} + 1`,
      lockedUntil: sql`case when ${twoFactor.failedAttempts} + 1 >= ${MAX_FAILED_SECOND_FACTOR_ATTEMPTS} then now() + make_interval(mins => ${LOCKOUT_MINUTES}) else null end`,
    })
    .where(eq(twoFactor.userId, user.id))
    .returning({ failedAttempts: twoFactor.failedAttempts, lockedUntil: twoFactor.lockedUntil });
  const attempts = counted?.failedAttempts ?? 1;
  await recordSecurityEvent(
    db,
    {
      userId: user.id,
      eventType: "2fa_failed",
      eventCategory: "authentication",
      severity: attempts >= 3 ? "high" : "medium",
      riskScore: Math.min(10, 2 + attempts),
      details: { attempts, replay: method === "totp" },
    },
    meta,
  );
  if (counted?.lockedUntil) {
    await recordSecurityEvent(
      db,
      {
        userId: user.id,
        eventType: "2fa_locked",
        eventCategory: "authentication",
        severity: "critical",
        riskScore: 9,
        details: { minutes: LOCKOUT_MINUTES },
      },
      meta,
    );
    return fail("TWO_FACTOR_LOCKED");
  }
  return fail("TWO_FACTOR_CODE_WRONG");
}
