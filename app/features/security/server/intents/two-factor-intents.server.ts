import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  verifyTwoFactorSetupSchema,
} from "~/features/security/schemas/two-factor";
import type { CurrentUser } from "~/kernel/session/get-current-user.server";
import type { AppServices } from "~/server/services.server";
import { confirmTwoFactorSetup } from "../two-factor/confirm-two-factor-setup.server";
import { disableTwoFactor } from "../two-factor/disable-two-factor.server";
import { startTwoFactorSetup } from "../two-factor/start-two-factor-setup.server";
import { type Failure, formErrorsOf, statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** The page shows a server-side failure as a toast too (its title is the catalogue's message). */
function failureToast(failure: Failure) {
  return { type: "error" as const, title: failure.message };
}

/** These forms call the current password `password`. */
const CURRENT_PASSWORD_AS_PASSWORD = { currentPassword: "password" };

/** 'Enable 2FA': re-authentication, then the new secret and its QR code (setup step 1). */
export async function enableTwoFactorIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
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
export async function verifyTwoFactorIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
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
export async function disableTwoFactorIntent(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  formData: FormData,
) {
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
