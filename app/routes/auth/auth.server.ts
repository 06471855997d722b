import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { OAUTH_PROVIDERS, oauthProviderLabel, type OAuthProviderId } from "~/domains/accounts/oauth-providers";
import { registerSchema } from "~/domains/accounts/schemas/register";
import { signInSchema } from "~/domains/accounts/schemas/sign-in";
import { TWO_FACTOR_CHALLENGE_PATH } from "~/kernel/session/authorize-user.server";
import { accountFailureFieldErrors, createAccount } from "~/domains/accounts/server/create-account.server";
import { readCurrentUser } from "~/kernel/session/read-current-user.server";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { sendMagicLink } from "~/domains/accounts/server/send-magic-link.server";
import { signIn } from "~/domains/accounts/server/sign-in.server";
import { startOAuth } from "~/domains/accounts/server/start-oauth.server";
import { isTwoFactorEnabled } from "~/domains/security/server/two-factor/is-two-factor-enabled.server";
import { businessProfileSchema } from "~/domains/workspace/schemas/business-profile";
import { saveBusinessProfile } from "~/domains/workspace/server/save-business-profile.server";
import { statusOf } from "~/lib/errors";
import { emailField } from "~/lib/form-fields";
import { pickIntent, unknownIntent } from "~/routes/http/pick-intent.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

const GOOGLE_FAILURE_HINT = "Please try again or use email/password login";

/** `intent=sign-in`: validates, signs in and returns to the same-origin `redirectTo` with 'Welcome back!'. */
async function signInIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
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

/** `intent=oauth`: sends the browser to the provider, or answers '{provider} login failed'. */
export async function oauthIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const provider = String(formData.get("provider") ?? "");
  if (!OAUTH_PROVIDERS.some((p) => p.id === provider)) {
    return data(
      { intent: "oauth" as const, error: { title: "Login failed", description: "Unknown sign-in provider" } },
      { status: 400 },
    );
  }
  const from = safeRedirectPath(formData.get("from"));
  const result = await startOAuth(services, ctx, provider as OAuthProviderId, from);
  if (!result.ok) {
    // Google failures suggest the password route; other providers show their error.
    const description = provider === "google" ? GOOGLE_FAILURE_HINT : result.message;
    return data(
      { intent: "oauth" as const, error: { title: `${oauthProviderLabel(provider)} login failed`, description } },
      { status: 400 },
    );
  }
  return redirect(result.url, { headers: result.headers });
}

/** `intent=magic-link`: mails a sign-in link; the same answer for every email. */
async function magicLinkIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const email = emailField.safeParse(formData.get("email"));
  if (!email.success)
    return data({ intent: "magic-link" as const, sent: false, error: email.error.issues[0]!.message }, { status: 400 });
  const result = await sendMagicLink(services, ctx, email.data);
  if (!result.ok)
    return data(
      { intent: "magic-link" as const, sent: false, error: result.message },
      { status: statusOf(result.code) },
    );
  return { intent: "magic-link" as const, sent: true, error: undefined };
}

/** Register step 1: creates the account, mails the verification link and moves to step 1.5. */
async function registerIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data(
      {
        intent: "register" as const,
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        failure: null,
      },
      { status: 400 },
    );
  }
  const { firstName, lastName, email, dateOfBirth, password, captcha } = submission.value;
  const result = await createAccount(services, ctx, {
    email,
    password,
    firstName,
    lastName,
    dateOfBirth,
    captcha,
    callbackURL: "/auth?tab=register&step=2&verified=true",
  });
  if (!result.ok) {
    const fieldErrors = accountFailureFieldErrors(result);
    return data(
      {
        intent: "register" as const,
        result: submission.reply({ fieldErrors, hideFields: ["password", "confirmPassword"] }),
        failure: { title: "Registration failed", description: result.message },
      },
      { status: statusOf(result.code) },
    );
  }
  return redirectWithToast("/auth?tab=register&step=1.5", {
    type: "success",
    title: "Registration successful!",
    description: "Please check your email to verify your account.",
  });
}

/** Register step 2: the business profile of the signed-in, verified creator. */
async function businessProfileIntent(services: AppServices, ctx: RequestContext, formData: FormData) {
  const user = await readCurrentUser(services, ctx);
  if (!user)
    return data(
      {
        intent: "business-profile" as const,
        result: null,
        completed: false,
        failure: { title: "Please sign in to continue" },
      },
      { status: 401 },
    );
  if (!user.emailVerified) {
    return data(
      {
        intent: "business-profile" as const,
        result: null,
        completed: false,
        failure: { title: "Please complete email verification first" },
      },
      { status: 403 },
    );
  }
  const submission = parseWithZod(formData, { schema: businessProfileSchema });
  if (submission.status !== "success")
    return data(
      { intent: "business-profile" as const, result: submission.reply(), completed: false, failure: null },
      { status: 400 },
    );
  try {
    const saved = await saveBusinessProfile(services.db, user.id, submission.value);
    if (!saved.ok) {
      return data(
        {
          intent: "business-profile" as const,
          result: submission.reply({ fieldErrors: { profilePicture: [saved.message] } }),
          completed: false,
          failure: null,
        },
        { status: 400 },
      );
    }
  } catch (error) {
    services.logger.error({ err: error }, "business profile not saved");
    return data(
      {
        intent: "business-profile" as const,
        result: submission.reply(),
        completed: false,
        failure: { title: "Failed to complete registration", description: "Please try again" },
      },
      { status: 503 },
    );
  }
  return { intent: "business-profile" as const, result: submission.reply(), completed: true, failure: null };
}

/** The sign-in and registration forms by their `intent` field; each page allows its own. */
const AUTH_FORMS = {
  "sign-in": signInIntent,
  oauth: oauthIntent,
  "magic-link": magicLinkIntent,
  register: registerIntent,
  "business-profile": businessProfileIntent,
} as const;

/** Answers the form that `intent` names if the page allows it, since one page holds several forms. */
export function answerAuthForm(
  services: AppServices,
  ctx: RequestContext,
  formData: FormData,
  allowed: readonly (keyof typeof AUTH_FORMS)[],
) {
  const form = pickIntent(AUTH_FORMS, formData, allowed);
  return form ? form(services, ctx, formData) : unknownIntent();
}
