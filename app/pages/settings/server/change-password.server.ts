import type { ChangePasswordInput } from "~/pages/settings/schemas/settings-password";
import { authErrorOf } from "~/domains/accounts/server/auth-error.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { isCommonPassword } from "~/domains/accounts/server/is-common-password.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate, type Reauthentication } from "~/kernel/session/reauthenticate.server";
import { ERRORS, type Failure, fail } from "~/lib/errors";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

export const NO_PASSWORD_MESSAGE = ERRORS.NO_PASSWORD.message;

export type ChangePasswordResult =
  | { ok: true; headers: Headers }
  | Failure<"COMMON_PASSWORD" | "NO_PASSWORD" | "PASSWORD_REJECTED" | "PASSWORD_CHANGE_FAILED">
  | Extract<Reauthentication, { ok: false }>;

/** Changes the creator's password, signing other sessions out and returning this one's new cookie. */
export async function changePassword(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  input: ChangePasswordInput,
): Promise<ChangePasswordResult> {
  const check = await reauthenticate(services, ctx, user, input.currentPassword, "change_password");
  if (!check.ok) return check;
  if (check.method !== "password") return fail("NO_PASSWORD");
  if (isCommonPassword(input.password)) return fail("COMMON_PASSWORD");
  // The new password, the other sessions' end, the event and the notice commit together or not at all.
  let headers: Headers;
  try {
    headers = await inTransaction(services.db, async (tx) => {
      const changed = await services.auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
        headers: ctx.headers,
        returnHeaders: true,
      });
      await recordSecurityEvent(
        tx,
        {
          userId: user.id,
          eventType: "password_changed",
          eventCategory: "account",
          severity: "high",
          riskScore: 5,
          details: { otherSessionsRevoked: true },
        },
        ctx.meta,
      );
      await services.mailer.send(mailTemplates.passwordChanged(user.email, new Date(), "others"), { tx });
      return changed.headers;
    });
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError || authError.status >= 500) services.logger.error({ err: error }, "password not changed");
    return authError && authError.status < 500
      ? fail("PASSWORD_REJECTED", authError.message)
      : fail("PASSWORD_CHANGE_FAILED");
  }
  return { ok: true, headers };
}
