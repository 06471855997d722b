import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { SECURITY_EVENT_COLUMNS, type SecurityEventSummary } from "./security-event-columns.server";

/** One event, only if it is the user's own (the live stream re-reads each announced event this way). */
export async function findSecurityEvent(
  db: Database,
  userId: string,
  eventId: string,
): Promise<SecurityEventSummary | null> {
  const [row] = await db
    .select(SECURITY_EVENT_COLUMNS)
    .from(securityAudit)
    .where(and(eq(securityAudit.id, eventId), eq(securityAudit.userId, userId)))
    .limit(1);
  return row ?? null;
}
