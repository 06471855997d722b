import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { twoFactor } from "~/domains/security/tables.server";

/** Whether the user has finished two-factor setup (their sign-ins then need a second factor). */
export async function isTwoFactorEnabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  return Boolean(row);
}
