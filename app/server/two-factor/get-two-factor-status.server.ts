import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/database";
import { backupCodes, twoFactor } from "~/db/schema";

export type TwoFactorStatus = { isEnabled: boolean; enabledAt: Date | null; backupCodesLeft: number };

/** SPEC §7 check_2fa_status: is_enabled, plus how many unused backup codes remain. Never the secret. */
export async function getTwoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const [row] = await db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  const [left] = await db.select({ n: count() }).from(backupCodes).where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
  return { isEnabled: Boolean(row?.enabledAt), enabledAt: row?.enabledAt ?? null, backupCodesLeft: row?.enabledAt ? Number(left?.n ?? 0) : 0 };
}
