import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { describe, expect, it } from "vitest";
import {
  signTestWebhook,
  testWebhookKey,
  verifyTestSignature,
} from "~/domains/payments/server/test-webhook-signature.server";

// The test provider's webhooks are signed like Stripe's (t=…,v1=HMAC-SHA256 of "t.body") with a key
// derived from AUTH_SECRET, and accepted only unchanged, with the right key, within 5 minutes.

const key = testWebhookKey("s".repeat(32));
const body = Buffer.from(JSON.stringify({ id: "evt_test_1", type: "payment.succeeded", data: { amountCents: 1250 } }));
const now = 1_800_000_000;

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
}

describe("test provider webhook signature", () => {
  it("accepts its own signature, within the tolerance either way", () => {
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(key, body, now), now))).toBeNull();
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(key, body, now - 300), now))).toBeNull();
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(key, body, now + 300), now))).toBeNull();
  });

  it("refuses a tampered body", () => {
    const tampered = Buffer.from(body.toString().replace("1250", "1"));
    expect(refusal(() => verifyTestSignature(key, tampered, signTestWebhook(key, body, now), now))).toBe(
      "signature does not match",
    );
  });

  it("refuses a stale or future timestamp (a replay)", () => {
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(key, body, now - 301), now))).toBe(
      "timestamp outside the tolerance",
    );
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(key, body, now + 301), now))).toBe(
      "timestamp outside the tolerance",
    );
  });

  it("refuses another key, and a timestamp changed after signing", () => {
    const other = testWebhookKey("o".repeat(32));
    expect(refusal(() => verifyTestSignature(key, body, signTestWebhook(other, body, now), now))).toBe(
      "signature does not match",
    );
    const moved = signTestWebhook(key, body, now - 10).replace(`t=${now - 10}`, `t=${now}`);
    expect(refusal(() => verifyTestSignature(key, body, moved, now))).toBe("signature does not match");
  });

  it("refuses a missing or malformed header", () => {
    expect(refusal(() => verifyTestSignature(key, body, undefined, now))).toBe("missing signature header");
    expect(refusal(() => verifyTestSignature(key, body, "v1=abc", now))).toBe("missing or malformed timestamp");
    expect(refusal(() => verifyTestSignature(key, body, `t=${now},v1=zz`, now))).toBe("signature does not match");
  });

  it("derives the key from AUTH_SECRET without being the secret", () => {
    expect(key.equals(Buffer.from("s".repeat(32)))).toBe(false);
    expect(key).toHaveLength(32);
  });
});
