import { verifyCaptcha } from "./captcha/verify-captcha.server";
import { requestMeta } from "~/server/http/request-meta.server";
import { consumeRateLimits, RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";

export type PasswordResetRequestResult = { ok: true } | { ok: false; reason: "captcha" | "rate_limit"; message: string };

/** Mails a reset link if the account exists; answers the same either way (no enumeration). */
export async function requestPasswordReset(
  services: AppServices,
  request: Request,
  input: { email: string; captcha: string },
): Promise<PasswordResetRequestResult> {
  const { db, auth, logger } = services;
  const meta = requestMeta(request);
  const limit = await consumeRateLimits(db, [
    { rule: RATE_LIMITS.passwordReset, key: `ip:${meta.ipAddress ?? "unknown"}` },
    { rule: RATE_LIMITS.passwordReset, key: `email:${input.email}` },
  ]);
  // "rate_limit" in the reason is what the page maps to the spec's 'Too many requests' message.
  if (!limit.allowed) return { ok: false, reason: "rate_limit", message: "rate_limit exceeded" };
  if (!(await verifyCaptcha(services, input.captcha, meta.ipAddress))) {
    return { ok: false, reason: "captcha", message: "Security verification expired: Please complete the captcha again." };
  }
  // better-auth mails only known accounts, so the request would take longer for them (issue 13.6): the answer
  // is given first, the same for every email, and the link is made and mailed after it.
  const headers = new Headers(request.headers);
  services.afterResponse.run("password reset", async () => {
    try {
      await auth.api.requestPasswordReset({ body: { email: input.email, redirectTo: "/reset-password" }, headers });
    } catch (error) {
      logger.error({ err: error }, "password reset request failed");
    }
  });
  return { ok: true };
}
