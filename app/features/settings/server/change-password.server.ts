import type { ChangePasswordInput } from "~/features/settings/schemas/settings-password";
import { authErrorOf } from "~/features/accounts/server/auth-error.server";
import type { CurrentUser } from "~/features/accounts/server/get-current-user.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "~/features/accounts/server/is-common-password.server";
import { requestMeta } from "~/server/http/request-meta.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { recordSecurityEvent } from "~/features/security/server/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate, type Reauthentication } from "~/features/accounts/server/reauthenticate.server";

export const NO_PASSWORD_MESSAGE = "Your account signs in without a password. Use “Forgot password?” on the sign-in page to set one.";

export type ChangePasswordResult =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "common_password" | "no_password" | "failed"; message: string }
  | Extract<Reauthentication, { ok: false }>;

/**
 * Changes the signed-in creator's password after checking the current one: better-auth signs every other
 * session out and gives this browser a fresh session (its Set-Cookie is returned). A notice is mailed.
 */
export async function changePassword(services: AppServices, request: Request, user: CurrentUser, input: ChangePasswordInput): Promise<ChangePasswordResult> {
  const check = await reauthenticate(services, request, user, input.currentPassword, "change_password");
  if (!check.ok) return check;
  if (check.method !== "password") return { ok: false, reason: "no_password", message: NO_PASSWORD_MESSAGE };
  if (isCommonPassword(input.password)) return { ok: false, reason: "common_password", message: COMMON_PASSWORD_MESSAGE };
  let headers: Headers;
  try {
    ({ headers } = await services.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    }));
  } catch (error) {
    const authError = authErrorOf(error);
    if (!authError || authError.status >= 500) services.logger.error({ err: error }, "password not changed");
    return {
      ok: false,
      reason: "failed",
      message: authError && authError.status < 500 ? authError.message : "Your password could not be changed. Please try again.",
    };
  }
  await recordSecurityEvent(
    services.db,
    { userId: user.id, eventType: "password_changed", eventCategory: "account", severity: "high", riskScore: 5, details: { otherSessionsRevoked: true } },
    requestMeta(request),
  );
  await services.mailer
    .send(mailTemplates.passwordChanged(user.email, new Date(), "others"))
    .catch((error) => services.logger.error({ err: error }, "password notice not sent"));
  return { ok: true, headers };
}
