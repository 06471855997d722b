import { createHash, randomBytes } from "node:crypto";
import type { Database } from "~/db/database.server";
import { orderAccessTokens } from "~/features/delivery/schema.server";

/** SHA-256 (hex) of an access token: what the database keeps. */
export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The buyer's download page of an order, opened by its secret token. */
export function downloadPageUrl(appUrl: string, orderId: string, token: string): string {
  return `${appUrl}/purchases/${orderId}?token=${encodeURIComponent(token)}`;
}

/**
 * A new secret token that opens an order's download page (the receipt's link, a lost-link request, the buyer's
 * return from the payment page). Only its hash is stored; the token is returned once, for the link.
 */
export async function issueAccessToken(db: Database, orderId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(orderAccessTokens).values({ orderId, tokenHash: hashAccessToken(token) });
  return token;
}

/**
 * Stores an access token the caller derived from a secret the buyer already holds (the return page's: from the
 * order's return key), so the same link is handed out every time and nothing new is stored when the page is
 * opened again: a second call with the same token is a no-op (the hash is unique).
 */
export async function keepAccessToken(db: Database, orderId: string, token: string): Promise<void> {
  await db
    .insert(orderAccessTokens)
    .values({ orderId, tokenHash: hashAccessToken(token) })
    .onConflictDoNothing({ target: orderAccessTokens.tokenHash });
}
