import type { AppServices } from "~/server/services.server";
import { verifyAltcha } from "./verify-altcha.server";
import { verifyHCaptcha } from "./verify-hcaptcha.server";

/** Verifies the form's captcha answer with the configured provider (ALTCHA by default, hCaptcha when set). */
export function verifyCaptcha(
  services: AppServices,
  answer: string | undefined,
  remoteIp: string | undefined,
): Promise<boolean> {
  const { env, db } = services;
  if (env.CAPTCHA_PROVIDER === "hcaptcha") {
    return verifyHCaptcha(
      { verifyUrl: env.HCAPTCHA_VERIFY_URL, secret: env.HCAPTCHA_SECRET!, siteKey: env.HCAPTCHA_SITE_KEY! },
      answer,
      remoteIp,
    );
  }
  return verifyAltcha(db, env.AUTH_SECRET!, answer);
}
