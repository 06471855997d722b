import type { CaptchaConfig } from "~/domains/accounts/captcha-config";
import type { Env } from "~/server/env.server";

/** The public part of the captcha settings, for pages that show a captcha. */
export function captchaConfig(env: Env): CaptchaConfig {
  return env.CAPTCHA_PROVIDER === "hcaptcha"
    ? { provider: "hcaptcha", siteKey: env.HCAPTCHA_SITE_KEY!, scriptUrl: env.HCAPTCHA_SCRIPT_URL }
    : { provider: "altcha" };
}
