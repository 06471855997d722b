import { verifyCaptcha } from "./captcha/verify-captcha.server";
import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestContext } from "~/server/http/request-context.server";
import { PASSWORD_RESET_MAIL } from "./mail-password-reset-link.server";

export type PasswordResetRequestResult = { ok: true } | Failure<"PASSWORD_RESET_RATE_LIMITED" | "CAPTCHA_FAILED">;

/**
 * Requests a reset link by storing the same outbox row for any email, so nothing is lost on a crash and no account is
 * revealed.
 */
export async function requestPasswordReset(
  services: AppServices,
  ctx: RequestContext,
  input: { email: string; captcha: string },
): Promise<PasswordResetRequestResult> {
  const { db, mailer } = services;
  const meta = ctx.meta;
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.passwordReset, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.passwordReset, key: `email:${input.email}` },
  ]);
  if (!limit.allowed) return fail("PASSWORD_RESET_RATE_LIMITED");
  if (!(await verifyCaptcha(services, input.captcha, meta.ipAddress))) {
    return fail("CAPTCHA_FAILED");
  }
  await mailer.request({ kind: PASSWORD_RESET_MAIL, to: input.email });
  return { ok: true };
}
