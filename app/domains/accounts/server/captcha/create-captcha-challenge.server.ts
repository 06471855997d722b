import { createHmac, randomUUID } from "node:crypto";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Proof-of-work cost (PBKDF2 iterations per attempt) and lifetime of a challenge. */
export const CAPTCHA_COST = 5_000;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

/** The HMAC key that signs challenges: derived from AUTH_SECRET, never sent anywhere. */
export function captchaSigningKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("sellkit:altcha").digest("hex");
}

/** A signed, expiring ALTCHA challenge for the browser widget to solve. */
export function createCaptchaChallenge(authSecret: string, cost = CAPTCHA_COST) {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost,
    deriveKey,
    hmacSignatureSecret: captchaSigningKey(authSecret),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    data: { challengeId: randomUUID() },
  });
}
