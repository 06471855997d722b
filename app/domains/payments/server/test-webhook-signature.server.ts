import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { createHmac, timingSafeEqual } from "node:crypto";

// The built-in test provider signs its webhooks as Stripe does, in a `Sellkit-Test-Signature: t=…,v1=…` header.
// v1 is the hex HMAC-SHA256 of "<t>.<raw body>" under a key derived from AUTH_SECRET.

export const TEST_SIGNATURE_HEADER = "sellkit-test-signature";
/** Seconds a signed delivery stays acceptable (replays after that are refused). */
export const TEST_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The webhook signing key: HMAC-SHA256 of a fixed label under AUTH_SECRET (never the secret itself). */
export function testWebhookKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("sellkit test provider webhooks").digest();
}

function signature(key: Buffer, timestamp: number, body: Buffer | string): string {
  return createHmac("sha256", key).update(`${timestamp}.`).update(body).digest("hex");
}

/** The header value for `body` signed at `timestamp` (unix seconds). */
export function signTestWebhook(key: Buffer, body: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${signature(key, timestamp, body)}`;
}

/**
 * Checks a delivery's signature and timestamp against its raw body in constant time; throws WebhookVerificationError
 * otherwise.
 */
export function verifyTestSignature(
  key: Buffer,
  rawBody: Buffer,
  header: string | undefined,
  nowSeconds: number,
): void {
  if (!header) throw new WebhookVerificationError("missing signature header");
  const parts = new Map<string, string[]>();
  for (const item of header.split(",")) {
    const at = item.indexOf("=");
    if (at <= 0) continue;
    const name = item.slice(0, at).trim();
    parts.set(name, [...(parts.get(name) ?? []), item.slice(at + 1).trim()]);
  }
  const timestamp = Number(parts.get("t")?.[0]);
  if (!Number.isSafeInteger(timestamp)) throw new WebhookVerificationError("missing or malformed timestamp");
  if (Math.abs(nowSeconds - timestamp) > TEST_SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookVerificationError("timestamp outside the tolerance");
  const expected = Buffer.from(signature(key, timestamp, rawBody), "hex");
  const matches = (parts.get("v1") ?? []).some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, "hex"), expected);
  });
  if (!matches) throw new WebhookVerificationError("signature does not match");
}
