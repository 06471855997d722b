import { eq, or, sql } from "drizzle-orm";
import { appRateLimits } from "~/db/tables.server";
import { deleteContactMessages } from "~/domains/marketing/server/delete-contact-messages.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { user, verification } from "~/kernel/session/tables.server";
import type { DeleteAccountInput } from "~/pages/settings/schemas/settings-delete-account";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import { mailTemplates } from "~/server/mail/templates.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { AppServices } from "~/server/services.server";
import { reauthenticate, type Reauthentication } from "~/kernel/session/reauthenticate.server";
import { ERRORS, type Failure, fail } from "~/lib/errors";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

export const CONFIRM_EMAIL_MESSAGE = ERRORS.DELETE_EMAIL_WRONG.message;

export type DeleteAccountResult =
  | { ok: true; headers: Headers }
  | Failure<"DELETE_CONFIRMATION_WRONG" | "DELETE_EMAIL_WRONG" | "ACCOUNT_DELETION_FAILED">
  | Extract<Reauthentication, { ok: false }>;

/** Set-Cookie headers expiring better-auth's session cookies in this browser. */
async function expiredSessionCookies(services: AppServices): Promise<Headers> {
  const { authCookies } = await services.auth.$context;
  const headers = new Headers();
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const secure = cookie.attributes.secure ? "; Secure" : "";
    headers.append(
      "Set-Cookie",
      `${cookie.name}=; Path=${cookie.attributes.path ?? "/"}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return headers;
}

/** Deletes the re-authenticated creator's account and all its rows in one transaction, logged without personal data. */
export async function deleteAccount(
  services: AppServices,
  ctx: RequestContext,
  currentUser: CurrentUser,
  input: DeleteAccountInput,
): Promise<DeleteAccountResult> {
  const { db, logger } = services;
  if (input.confirmation !== "DELETE") return fail("DELETE_CONFIRMATION_WRONG");
  const check = await reauthenticate(services, ctx, currentUser, input.currentPassword, "delete_account");
  if (!check.ok) return check;
  const email = currentUser.email.toLowerCase();
  if (check.method === "fresh_session" && input.confirmEmail?.trim().toLowerCase() !== email) {
    return fail("DELETE_EMAIL_WRONG");
  }
  const userId = currentUser.id;
  try {
    await inTransaction(db, async (tx) => {
      await tx
        .delete(verification)
        .where(
          or(
            eq(verification.value, userId),
            eq(verification.identifier, email),
            sql`position(${JSON.stringify(email)} in ${verification.value}) > 0`,
          ),
        );
      await tx
        .delete(appRateLimits)
        .where(
          or(
            sql`right(${appRateLimits.bucket}, ${`:email:${email}`.length}) = ${`:email:${email}`}`,
            sql`right(${appRateLimits.bucket}, ${`:user:${userId}`.length}) = ${`:user:${userId}`}`,
          ),
        );
      await deleteContactMessages(tx, email);
      await tx.delete(securityAudit).where(sql`lower(${securityAudit.details}->>'email') = ${email}`);
      await tx.delete(user).where(eq(user.id, userId));
      await recordSecurityEvent(
        tx,
        {
          userId: null,
          eventType: "account_deleted",
          eventCategory: "account",
          severity: "high",
          riskScore: 5,
          details: { reauthentication: check.method },
        },
        {},
      );
      // The notice is queued with the deletion: both happen or neither.
      await services.mailer.send(mailTemplates.accountDeleted(email, new Date()), { tx });
    });
  } catch (error) {
    logger.error({ err: error }, "account not deleted");
    return fail("ACCOUNT_DELETION_FAILED");
  }
  return { ok: true, headers: await expiredSessionCookies(services) };
}
