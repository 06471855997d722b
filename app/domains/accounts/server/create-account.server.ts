import { eq } from "drizzle-orm";
import { profiles } from "~/kernel/store/tables.server";
import { verifyCaptcha } from "./captcha/verify-captcha.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { authErrorOf } from "./auth-error.server";
import { isCommonPassword } from "./is-common-password.server";
import { type Failure, fail, formErrorsOf } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

export type NewAccount = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  requestedPlan?: string;
  captcha: string;
  /** Where the verification link lands after confirming. */
  callbackURL: string;
};

export type CreateAccountResult =
  | { ok: true }
  | Failure<
      | "SIGN_UP_RATE_LIMITED"
      | "CAPTCHA_FAILED"
      | "COMMON_PASSWORD"
      | "PASSWORD_REJECTED"
      | "SIGN_UP_REJECTED"
      | "SIGN_UP_FAILED"
    >;

/**
 * Registers an account and mails its verification link, answering alike for a taken email so accounts cannot be
 * enumerated.
 */
export async function createAccount(
  services: AppServices,
  ctx: RequestContext,
  input: NewAccount,
): Promise<CreateAccountResult> {
  const { db, auth, logger } = services;
  const meta = ctx.meta;
  const limit = await consumeRateLimit(db, RATE_LIMITS.signUp, meta.ipAddress ?? "unknown");
  if (!limit.allowed) return fail("SIGN_UP_RATE_LIMITED");
  if (!(await verifyCaptcha(services, input.captcha, meta.ipAddress))) {
    return fail("CAPTCHA_FAILED");
  }
  if (isCommonPassword(input.password)) return fail("COMMON_PASSWORD");

  const name = [input.firstName, input.lastName].filter(Boolean).join(" ") || input.email.split("@")[0]!;
  try {
    const result = await auth.api.signUpEmail({
      body: { name, email: input.email, password: input.password, callbackURL: input.callbackURL },
      headers: ctx.headers,
    });
    // For an existing email better-auth returns a synthetic user whose id matches no row: nothing is updated.
    await db
      .update(profiles)
      .set({
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        requestedPlan: input.requestedPlan ?? null,
      })
      .where(eq(profiles.userId, result.user.id));
    return { ok: true };
  } catch (error) {
    const authError = authErrorOf(error);
    if (authError && authError.status === 400) return fail("PASSWORD_REJECTED", authError.message);
    if (authError && authError.status < 500) return fail("SIGN_UP_REJECTED", authError.message);
    logger.error({ err: error }, "sign-up failed");
    return fail("SIGN_UP_FAILED");
  }
}

/** The form field a failed account creation points at (password or captcha), for the form's error list. */
export function accountFailureFieldErrors(result: CreateAccountResult): Record<string, string[]> | undefined {
  return result.ok ? undefined : formErrorsOf(result).fieldErrors;
}
