import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { signInSchema } from "~/features/accounts/schemas/sign-in";
import type { AppServices } from "~/server/services.server";
import { redirectWithToast } from "~/server/toast/toast-cookie.server";
import { isTwoFactorEnabled } from "~/features/security/server/two-factor/is-two-factor-enabled.server";
import { TWO_FACTOR_CHALLENGE_PATH } from "~/kernel/session/require-user.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { signIn } from "../sign-in.server";
import { statusOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

/** `intent=sign-in`: validates, signs in and returns to the same-origin `redirectTo` with 'Welcome back!'. */
export async function signInIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success")
    return data({ intent: "sign-in" as const, result: submission.reply() }, { status: 400 });
  const result = await signIn(services, ctx, submission.value);
  if (!result.ok) {
    return data(
      {
        intent: "sign-in" as const,
        result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }),
        // better-auth mailed the verification link again (emailVerification.sendOnSignIn): the password was right.
        verificationSent: result.code === "EMAIL_NOT_VERIFIED",
        // The form shows the captcha for the next attempt.
        captchaRequired: result.code === "SIGN_IN_CAPTCHA_REQUIRED",
      },
      { status: statusOf(result.code) },
    );
  }
  const to = safeRedirectPath(submission.value.redirectTo);
  if (await isTwoFactorEnabled(services.db, result.userId)) {
    return redirect(`${TWO_FACTOR_CHALLENGE_PATH}?from=${encodeURIComponent(to)}`, { headers: result.headers });
  }
  return redirectWithToast(to, { type: "success", title: "Welcome back!" }, { headers: result.headers });
}
