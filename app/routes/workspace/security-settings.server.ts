import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  verifyTwoFactorSetupSchema,
} from "~/domains/security/schemas/two-factor";
import { cleanupSecurityData } from "~/domains/security/server/cleanup-security-data.server";
import { terminateOtherSessions } from "~/domains/security/server/terminate-other-sessions.server";
import { terminateSession } from "~/domains/security/server/terminate-session.server";
import { confirmTwoFactorSetup } from "~/domains/security/server/two-factor/confirm-two-factor-setup.server";
import { disableTwoFactor } from "~/domains/security/server/two-factor/disable-two-factor.server";
import { startTwoFactorSetup } from "~/domains/security/server/two-factor/start-two-factor-setup.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, formErrorsOf, statusOf } from "~/lib/errors";
import { pickIntent, unknownIntent } from "~/routes/http/pick-intent.server";
import type { RequestContext } from "~/server/http/request-context.server";

type Args = { services: AppServices; ctx: RequestContext; user: CurrentUser; formData: FormData };

/** The page shows a server-side failure as a toast too (its title is the catalogue's message). */
function failureToast(failure: Failure) {
  return { type: "error" as const, title: failure.message };
}

/** These forms call the current password `password`. */
const CURRENT_PASSWORD_AS_PASSWORD = { currentPassword: "password" };

/** 'Enable 2FA': re-authentication, then the new secret and its QR code (setup step 1). */
async function enableTwoFactorIntent({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: enableTwoFactorSchema });
  if (submission.status !== "success")
    return data({ intent: "enable-2fa" as const, result: submission.reply(), setup: null }, { status: 400 });
  const started = await startTwoFactorSetup(services, ctx, user, submission.value.password);
  if (!started.ok) {
    return data(
      {
        intent: "enable-2fa" as const,
        result: submission.reply({ ...formErrorsOf(started, CURRENT_PASSWORD_AS_PASSWORD), hideFields: ["password"] }),
        setup: null,
      },
      { status: statusOf(started.code) },
    );
  }
  return { intent: "enable-2fa" as const, result: submission.reply({ resetForm: true }), setup: started.setup };
}

/** Setup step 1 → 2: the first code turns 2FA on and returns the backup codes, shown once. */
async function verifyTwoFactorIntent({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: verifyTwoFactorSetupSchema });
  if (submission.status !== "success")
    return data({ intent: "verify-2fa" as const, result: submission.reply(), backupCodes: null }, { status: 400 });
  const confirmed = await confirmTwoFactorSetup(services, ctx, user, submission.value.code);
  if (!confirmed.ok && confirmed.code) {
    // The code was right but the server could not save it.
    return data(
      {
        intent: "verify-2fa" as const,
        result: submission.reply({ ...formErrorsOf(confirmed) }),
        backupCodes: null,
        toast: failureToast(confirmed),
      },
      { status: statusOf(confirmed.code) },
    );
  }
  if (!confirmed.ok)
    return data(
      {
        intent: "verify-2fa" as const,
        result: submission.reply({ fieldErrors: { code: [confirmed.message] } }),
        backupCodes: null,
      },
      { status: 400 },
    );
  return {
    intent: "verify-2fa" as const,
    result: submission.reply({ resetForm: true }),
    backupCodes: confirmed.backupCodes,
  };
}

/** 'Disable' (re-authentication). */
async function disableTwoFactorIntent({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
  if (submission.status !== "success")
    return data({ intent: "disable-2fa" as const, result: submission.reply(), disabled: false }, { status: 400 });
  const disabled = await disableTwoFactor(services, ctx, user, submission.value.password);
  if (!disabled.ok) {
    return data(
      {
        intent: "disable-2fa" as const,
        result: submission.reply({ ...formErrorsOf(disabled, CURRENT_PASSWORD_AS_PASSWORD), hideFields: ["password"] }),
        disabled: false,
        // The password was right but the server could not turn 2FA off.
        toast: disabled.code === "TWO_FACTOR_DISABLE_FAILED" ? failureToast(disabled) : undefined,
      },
      { status: statusOf(disabled.code) },
    );
  }
  return { intent: "disable-2fa" as const, result: submission.reply({ resetForm: true }), disabled: true };
}

/** Terminate one of the user's other sessions; someone else's or an unknown id answers 404. */
async function terminateSessionIntent({ services, ctx, user, formData }: Args) {
  const sessionId = String(formData.get("sessionId") ?? "").slice(0, 200);
  const ended = sessionId ? await terminateSession(services, ctx, user, sessionId) : false;
  return ended
    ? {
        intent: "terminate-session" as const,
        ok: true,
        toast: { type: "success" as const, title: "Session terminated successfully" },
      }
    : data(
        {
          intent: "terminate-session" as const,
          ok: false,
          toast: { type: "error" as const, title: "Failed to terminate session" },
        },
        { status: 404 },
      );
}

/** 'Sign out all other sessions'. */
async function terminateOtherSessionsIntent({ services, ctx, user }: Args) {
  const count = await terminateOtherSessions(services, ctx, user);
  return {
    intent: "terminate-other-sessions" as const,
    ok: true,
    toast: {
      type: "success" as const,
      title: count === 1 ? "1 other session signed out" : `${count} other sessions signed out`,
    },
  };
}

/** 'Cleanup Data'. */
async function cleanupDataIntent({ services, ctx, user }: Args) {
  try {
    await cleanupSecurityData(services, ctx, user);
    return {
      intent: "cleanup-data" as const,
      ok: true,
      toast: {
        type: "success" as const,
        title: "Data cleanup completed. For full account deletion, please contact support.",
      },
    };
  } catch (error) {
    services.logger.error({ err: error }, "security data cleanup failed");
    return data(
      {
        intent: "cleanup-data" as const,
        ok: false,
        toast: { type: "error" as const, title: "Failed to process data deletion request" },
      },
      { status: 503 },
    );
  }
}

/** The security page's forms by their `intent` field; the user is always the session's, never one a form names. */
const SECURITY_FORMS = {
  "enable-2fa": enableTwoFactorIntent,
  "verify-2fa": verifyTwoFactorIntent,
  "disable-2fa": disableTwoFactorIntent,
  "terminate-session": terminateSessionIntent,
  "terminate-other-sessions": terminateOtherSessionsIntent,
  "cleanup-data": cleanupDataIntent,
} as const;

/** Answers the security-settings form that `intent` names, or 400 for none of them. */
export function answerSecurityForm(args: Args) {
  const form = pickIntent(SECURITY_FORMS, args.formData);
  return form ? form(args) : unknownIntent();
}
