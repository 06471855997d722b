import type { ChangeEmailInput } from "~/pages/settings/schemas/settings-email";
import { authErrorOf } from "~/domains/accounts/server/auth-error.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate, type Reauthentication } from "~/kernel/session/reauthenticate.server";
import { ERRORS, type Failure, fail } from "~/lib/errors";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Where the confirmation link lands once the new address is confirmed (settings shows the outcome). */
export const EMAIL_CHANGED_CALLBACK = "/settings?email-changed=1";
export const SAME_EMAIL_MESSAGE = ERRORS.SAME_EMAIL.message;

export type RequestEmailChangeResult =
  | { ok: true }
  | Failure<"SAME_EMAIL" | "EMAIL_CHANGE_FAILED">
  | Extract<Reauthentication, { ok: false }>;

/**
 * Asks for a new email after re-authentication; it changes once the link mailed to the new address is opened.
 * A taken address gets the same answer and no mail, so nobody learns which addresses are taken.
 */
export async function requestEmailChange(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  input: ChangeEmailInput,
): Promise<RequestEmailChangeResult> {
  if (input.newEmail === user.email.toLowerCase()) return fail("SAME_EMAIL");
  const check = await reauthenticate(services, ctx, user, input.currentPassword, "change_email");
  if (!check.ok) return check;
  // better-auth's verification row and mail, the event and the notice commit together or not at all.
  try {
    await inTransaction(services.db, async (tx) => {
      await services.auth.api.changeEmail({
        body: { newEmail: input.newEmail, callbackURL: EMAIL_CHANGED_CALLBACK },
        headers: ctx.headers,
      });
      // No address in the details: the event says that a change was asked for, not to what.
      await recordSecurityEvent(
        tx,
        {
          userId: user.id,
          eventType: "email_change_requested",
          eventCategory: "account",
          severity: "medium",
          riskScore: 3,
          details: { reauthentication: check.method },
        },
        ctx.meta,
      );
      // The current address gets the same notice whether or not the new address is taken.
      await services.mailer.send(mailTemplates.emailChangeRequested(user.email, maskEmail(input.newEmail)), { tx });
    });
  } catch (error) {
    const authError = authErrorOf(error);
    services.logger.error({ err: error, code: authError?.code }, "email change not requested");
    return fail("EMAIL_CHANGE_FAILED");
  }
  return { ok: true };
}

/** "a•••@example.com": enough for the owner to recognise, not a full address in someone else's inbox. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
