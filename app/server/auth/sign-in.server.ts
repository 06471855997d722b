import { recordSecurityEvent } from "../security/record-security-event.server";
import { requestMeta } from "../http/request-meta.server";
import { consumeRateLimit, RATE_LIMITS } from "../rate-limit/consume-rate-limit.server";
import type { AppServices } from "../services";
import { authErrorOf } from "./auth-error";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const EMAIL_NOT_VERIFIED_MESSAGE = "Email not yet verified: Please check your email and click the verification link";

export type SignInResult =
  | { ok: true; headers: Headers; userId: string }
  | { ok: false; reason: "invalid" | "unverified" | "rate_limited" | "failed"; message: string };

/**
 * Password sign-in. Unknown email and wrong password answer alike; attempts are limited per IP and per
 * email in the database; failures are written as security events.
 */
export async function signIn(services: AppServices, request: Request, input: { email: string; password: string }): Promise<SignInResult> {
  const { db, auth, logger } = services;
  const meta = requestMeta(request);
  const [byIp, byEmail] = await Promise.all([
    consumeRateLimit(db, RATE_LIMITS.signIn, `ip:${meta.ipAddress ?? "unknown"}`),
    consumeRateLimit(db, RATE_LIMITS.signIn, `email:${input.email}`),
  ]);
  if (!byIp.allowed || !byEmail.allowed) {
    await recordSecurityEvent(db, { eventType: "sign_in_rate_limited", eventCategory: "authentication", severity: "high", riskScore: 7, details: { email: input.email } }, meta);
    return { ok: false, reason: "rate_limited", message: "Too many sign-in attempts. Please wait a few minutes and try again." };
  }
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    const authError = authErrorOf(error);
    if (authError?.code === "EMAIL_NOT_VERIFIED") return { ok: false, reason: "unverified", message: EMAIL_NOT_VERIFIED_MESSAGE };
    if (authError && authError.status < 500) {
      await recordSecurityEvent(db, { eventType: "sign_in_failed", eventCategory: "authentication", severity: "medium", riskScore: 3, details: { email: input.email } }, meta);
      return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS_MESSAGE };
    }
    logger.error({ err: error }, "sign-in failed");
    return { ok: false, reason: "failed", message: "Please try again" };
  }
}
