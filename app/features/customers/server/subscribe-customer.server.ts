import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { customerSubscribers } from "~/features/customers/schema.server";

/** The hash an unsubscribe token is stored as. */
export function unsubscribeTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Adds `email` to the seller's subscribers with the consent given, or renews a past subscriber's consent; returns
 * the one-click unsubscribe token (stored only hashed) for the welcome mail.
 */
export async function subscribeCustomer(
  db: Database,
  input: { sellerId: string; email: string; source: string; consentText: string },
): Promise<{ token: string }> {
  const token = randomBytes(24).toString("base64url");
  const hash = unsubscribeTokenHash(token);
  await db
    .insert(customerSubscribers)
    .values({ ...input, unsubscribeTokenHash: hash })
    .onConflictDoUpdate({
      target: [customerSubscribers.sellerId, customerSubscribers.email],
      set: {
        consentText: input.consentText,
        consentedAt: sql`now()`,
        unsubscribeTokenHash: hash,
        unsubscribedAt: null,
      },
    });
  return { token };
}
