import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** The security log's event for the audit card's fixes; the card shows the newest one's time. */
export const SECURITY_FIX_EVENT = "critical_security_fix_applied";

/**
 * The fixes the audit card reports as RESOLVED once its live checks pass. Bump FIXES_VERSION when a fix is
 * added: the next start-up records the new set.
 */
export const SECURITY_FIXES = [
  "2fa-secrets-exposure",
  "direct-database-secret-access",
  "backup-code-plaintext-storage",
] as const;
const FIXES_VERSION = 1;

/**
 * At start-up, logs once per database and fix set that this version's fixes are applied, as a system event of no user.
 */
export async function recordSecurityFixes(db: Database): Promise<void> {
  await db.execute(sql`
    insert into security_audit (user_id, event_type, event_category, severity, risk_score, details)
    select null, ${SECURITY_FIX_EVENT}, 'system', 'critical', 0,
      ${JSON.stringify({ version: FIXES_VERSION, fixes: SECURITY_FIXES })}::jsonb
    where not exists (
      select 1 from security_audit where user_id is null and event_type = ${SECURITY_FIX_EVENT}
        and (details ->> 'version')::int >= ${FIXES_VERSION}
    )
  `);
}
