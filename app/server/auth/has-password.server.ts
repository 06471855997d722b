import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database";
import { account } from "~/db/schema";

/** Whether the user can sign in with a password (else re-authentication is a fresh sign-in). */
export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return Boolean(credential);
}
