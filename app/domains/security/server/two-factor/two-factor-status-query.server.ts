import { sql } from "drizzle-orm";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { backupCodes, twoFactor } from "~/domains/security/tables.server";

export type TwoFactorStatus = { isEnabled: boolean; enabledAt: Date | null; backupCodesLeft: number };

/** The signed-in user's 2FA status and unused backup-code count, never the secret. */
export const twoFactorStatusQuery: PageQuery<TwoFactorStatus> = pagePart(
  jsonObject({
    enabledAt: jsonRow(twoFactor.enabledAt, sql`from ${twoFactor} where ${twoFactor.userId} = me.user_id`),
    backupCodesLeft: sql<number>`(select count(*) from ${backupCodes}
      where ${backupCodes.userId} = me.user_id and ${backupCodes.usedAt} is null)`,
  }),
  ({ enabledAt, backupCodesLeft }) => ({
    isEnabled: Boolean(enabledAt),
    enabledAt: enabledAt ? new Date(enabledAt) : null,
    backupCodesLeft: enabledAt ? Number(backupCodesLeft) : 0,
  }),
);
