import { createHash, randomBytes } from "node:crypto";
import type { Database } from "~/db/database.server";
import { orderAccessTokens } from "~/domains/delivery/tables.server";

/** SHA-256 (hex) of an access token: what the database keeps. */
export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The buyer's download page of an order, opened by its secret token. */
export function downloadPageUrl(appUrl: string, orderId: string, token: string): string {
  return `${appUrl}/purchases/${orderId}?token=${encodeURIComponent(token)}`;
}

/** A new secret token that opens an order's download page; only its hash is stored, and the token is returned once. */
export async function issueAccessToken(db: Database, orderId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(orderAccessTokens).values({ orderId, tokenHash: hashAccessToken(token) });
  return token;
}

/** Stores a token derived from a secret the buyer holds, so the return page reuses one link; a repeat is a no-op. */
export async function keepAccessToken(db: Database, orderId: string, token: string): Promise<void> {
  await db
    .insert(orderAccessTokens)
    .values({ orderId, tokenHash: hashAccessToken(token) })
    .onConflictDoNothing({ target: orderAccessTokens.tokenHash });
}
