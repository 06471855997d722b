import { eq } from "drizzle-orm";
import { backupCodes, twoFactor } from "~/domains/security/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate } from "~/kernel/session/reauthenticate.server";
import { type Failure, fail } from "~/lib/errors";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

export type DisableTwoFactorResult =
  | { ok: true }
  | Failure<
      | "CURRENT_PASSWORD_REQUIRED"
      | "CURRENT_PASSWORD_WRONG"
      | "REAUTHENTICATION_RATE_LIMITED"
      | "SESSION_TOO_OLD"
      | "TWO_FACTOR_DISABLE_FAILED"
    >;

/** Turns two-factor off after re-authentication: secret and backup codes deleted, with the event, at once. */
export async function disableTwoFactor(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  password: string | undefined,
): Promise<DisableTwoFactorResult> {
  const proof = await reauthenticate(services, ctx, user, password, "disable_2fa");
  if (!proof.ok) return proof;
  try {
    await inTransaction(services.db, async (tx) => {
      await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
      await recordSecurityEvent(
        tx,
        { userId: user.id, eventType: "2fa_disabled", eventCategory: "account", severity: "high", riskScore: 5 },
        ctx.meta,
      );
    });
  } catch (error) {
    services.logger.error({ err: error }, "disabling two-factor failed");
    return fail("TWO_FACTOR_DISABLE_FAILED");
  }
  return { ok: true };
}
