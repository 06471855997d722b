import { createHash, randomBytes } from "node:crypto";

/** A new confirmation or unsubscribe token, mailed once and stored only as its hash. */
export function newSubscriptionToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The hash a subscription token is stored as. */
export function subscriptionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
