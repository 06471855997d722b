import { and, eq, isNull } from "drizzle-orm";
import { backupCodes, twoFactor } from "~/domains/security/tables.server";
import { session } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { decryptTotpSecret, hashBackupCode, matchingTotpStep, newBackupCodes } from "./two-factor-crypto.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";
import { type Failure, fail } from "~/lib/errors";

export const INVALID_CODE_MESSAGE = "Please enter a valid 6-digit code";

/** A wrong or stale code belongs to the code field (no code); a server that could not save it is a coded failure. */
export type ConfirmTwoFactorSetupResult =
  | { ok: true; backupCodes: string[] }
  | { ok: false; code?: undefined; message: string }
  | Failure<"TWO_FACTOR_ENABLE_FAILED">;

/**
 * Setup step 2: the first app code proves the secret was saved, then 2FA is enabled and the backup codes returned once.
 */
export async function confirmTwoFactorSetup(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  code: string,
): Promise<ConfirmTwoFactorSetupResult> {
  const { db, env } = services;
  const [pending] = await db
    .select({ secretEncrypted: twoFactor.secretEncrypted })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, user.id), isNull(twoFactor.enabledAt)))
    .limit(1);
  if (!pending) return { ok: false, message: "Please start the two-factor setup again" };
  const step = matchingTotpStep(await decryptTotpSecret(env.AUTH_SECRET!, pending.secretEncrypted), code);
  if (step === null) {
    await recordSecurityEvent(
      db,
      {
        userId: user.id,
        eventType: "2fa_setup_failed",
        eventCategory: "authentication",
        severity: "low",
        riskScore: 2,
      },
      ctx.meta,
    );
    return { ok: false, message: INVALID_CODE_MESSAGE };
  }
  const codes = newBackupCodes();
  let enabled: boolean;
  try {
    enabled = await enableInTransaction(services, ctx, user, step, codes);
  } catch (error) {
    services.logger.error({ err: error }, "enabling two-factor failed");
    return fail("TWO_FACTOR_ENABLE_FAILED");
  }
  return enabled
    ? { ok: true, backupCodes: codes }
    : { ok: false, message: "Two-factor authentication is already enabled" };
}

/** 2FA on, this session marked as having passed it, the new backup codes and the event: all or nothing. */
function enableInTransaction(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  step: number,
  codes: string[],
): Promise<boolean> {
  const { db, env } = services;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(twoFactor)
      .set({ enabledAt: new Date(), lastUsedStep: step, failedAttempts: 0, lockedUntil: null })
      .where(and(eq(twoFactor.userId, user.id), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!row) return false; // a parallel confirmation won
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await tx
      .insert(backupCodes)
      .values(codes.map((plain) => ({ userId: user.id, codeHash: hashBackupCode(env.AUTH_SECRET!, plain) })));
    await tx
      .update(session)
      .set({ secondFactorVerifiedAt: new Date() })
      .where(and(eq(session.id, user.sessionId), eq(session.userId, user.id)));
    await recordSecurityEvent(
      tx,
      {
        userId: user.id,
        eventType: "2fa_enabled",
        eventCategory: "account",
        severity: "medium",
        riskScore: 2,
        details: { backupCodes: codes.length },
      },
      ctx.meta,
    );
    return true;
  });
}
