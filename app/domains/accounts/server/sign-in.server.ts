import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { RATE_LIMITS, reserveRateLimits } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { authErrorOf } from "./auth-error.server";
import { verifyCaptcha } from "./captcha/verify-captcha.server";
import { ERRORS, type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

export const INVALID_CREDENTIALS_MESSAGE = ERRORS.INVALID_CREDENTIALS.message;
/** Where a verification link returns: register step 2, which checks the session. */
export const VERIFIED_CALLBACK_PATH = "/auth?tab=register&step=2&verified=true";

export const EMAIL_NOT_VERIFIED_MESSAGE = ERRORS.EMAIL_NOT_VERIFIED.message;

export type SignInResult =
  | { ok: true; headers: Headers; userId: string }
  | Failure<
      | "INVALID_CREDENTIALS"
      | "EMAIL_NOT_VERIFIED"
      | "SIGN_IN_RATE_LIMITED"
      | "SIGN_IN_CAPTCHA_REQUIRED"
      | "SIGN_IN_FAILED"
    >;

/**
 * Password sign-in, answering alike for unknown emails and wrong passwords; failures are audited and limited per
 * account, per address and per pair.
 */
export async function signIn(
  services: AppServices,
  ctx: RequestContext,
  input: { email: string; password: string; captcha?: string },
): Promise<SignInResult> {
  const { db, auth, logger } = services;
  const meta = ctx.meta;
  const ip = meta.ipAddress ?? "unknown";
  const attempt = await reserveRateLimits(db, [
    // Keys end with the email so that deleting the account removes its buckets.
    { rule: RATE_LIMITS.signIn, key: `ip:${ip}:email:${input.email}` },
    { rule: RATE_LIMITS.signInAccount, key: `email:${input.email}` },
    { rule: RATE_LIMITS.signInAddress, key: `ip:${ip}` },
  ]);
  // Only the account's ceiling is over, and this address has not tried this account in the window.
  const freshAddress =
    attempt.hits(RATE_LIMITS.signIn) === 1 &&
    attempt.hits(RATE_LIMITS.signInAddress) <= RATE_LIMITS.signInAddress.limit;
  const admitted =
    attempt.allowed ||
    (freshAddress && Boolean(input.captcha) && (await verifyCaptcha(services, input.captcha, meta.ipAddress)));
  if (!admitted) {
    await attempt.release();
    await recordSecurityEvent(
      db,
      {
        eventType: "sign_in_rate_limited",
        eventCategory: "authentication",
        severity: "high",
        riskScore: 7,
        details: { email: input.email },
      },
      meta,
    );
    return fail(freshAddress ? "SIGN_IN_CAPTCHA_REQUIRED" : "SIGN_IN_RATE_LIMITED");
  }
  try {
    const { headers, response } = await auth.api.signInEmail({
      // Where a verification link mailed again to an unverified account returns.
      body: { email: input.email, password: input.password, rememberMe: true, callbackURL: VERIFIED_CALLBACK_PATH },
      headers: ctx.headers,
      returnHeaders: true,
    });
    await attempt.release();
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    const authError = authErrorOf(error);
    // better-auth checks the password before the verified email: this one was right.
    if (authError?.code === "EMAIL_NOT_VERIFIED") {
      await attempt.release();
      return fail("EMAIL_NOT_VERIFIED");
    }
    if (authError && authError.status < 500) {
      await recordSecurityEvent(
        db,
        {
          eventType: "sign_in_failed",
          eventCategory: "authentication",
          severity: "medium",
          riskScore: 3,
          details: { email: input.email },
        },
        meta,
      );
      return fail("INVALID_CREDENTIALS");
    }
    await attempt.release();
    logger.error({ err: error }, "sign-in failed");
    return fail("SIGN_IN_FAILED");
  }
}
