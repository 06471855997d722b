import { verifyCaptcha } from "./captcha/verify-captcha.server";
import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";

export type PasswordResetRequestResult = { ok: true } | Failure<"PASSWORD_RESET_RATE_LIMITED" | "CAPTCHA_FAILED">;

/** Mails a reset link if the account exists; answers the same either way (no enumeration). */
export async function requestPasswordReset(
  services: AppServices,
  ctx: RequestContext,
  input: { email: string; captcha: string },
): Promise<PasswordResetRequestResult> {
  const { db, auth, logger } = services;
  const meta = ctx.meta;
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.passwordReset, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.passwordReset, key: `email:${input.email}` },
  ]);
  if (!limit.allowed) return fail("PASSWORD_RESET_RATE_LIMITED");
  if (!(await verifyCaptcha(services, input.captcha, meta.ipAddress))) {
    return fail("CAPTCHA_FAILED");
  }
  // better-auth mails only known accounts, so the request would take longer for them (issue 13.6): the answer
  // is given first, the same for every email, and the link is made and mailed after it.
  const headers = new Headers(ctx.headers);
  services.afterResponse.run("password reset", async () => {
    try {
      await auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: "/reset-password" }, headers });
    } catch (error) {
      logger.error({ err: error }, "password reset request failed");
    }
  });
  return { ok: true };
}
