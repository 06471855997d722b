import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { verification } from "~/kernel/session/tables.server";

/** Whether a password-reset token (from the emailed link) exists and has not expired. */
export async function checkResetToken(db: Database, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,256}$/.test(token)) return false;
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}
