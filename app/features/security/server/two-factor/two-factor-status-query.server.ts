import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type TwoFactorStatus = { isEnabled: boolean; enabledAt: Date | null; backupCodesLeft: number };

/** The signed-in user's 2FA status and unused backup-code count, never the secret. */
export const twoFactorStatusQuery: PageQuery<TwoFactorStatus> = {
  json: sql`json_build_object(
    'enabledAt', (select enabled_at from two_factor where user_id = me.user_id),
    'backupCodesLeft', (select count(*) from backup_codes where user_id = me.user_id and used_at is null)
  )`,
  read: (json) => {
    const { enabledAt, backupCodesLeft } = json as { enabledAt: string | null; backupCodesLeft: number };
    return {
      isEnabled: Boolean(enabledAt),
      enabledAt: enabledAt ? new Date(enabledAt) : null,
      backupCodesLeft: enabledAt ? Number(backupCodesLeft) : 0,
    };
  },
};
