import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { SECURITY_EVENT_COLUMNS, type SecurityEventSummary } from "./security-event-columns.server";

export type StreamedSecurityEvent =
  | { sessionValid: true; event: SecurityEventSummary | null }
  | { sessionValid: false };

/**
 * A live stream's check before sending: the announced event if it is the user's own and the stream's session is still
 * valid.
 */
export async function readStreamedSecurityEvent(
  db: Database,
  userId: string,
  sessionId: string,
  eventId: string,
): Promise<StreamedSecurityEvent> {
  const valid = sql<boolean>`exists (select from session s where s.id = ${sessionId} and s.user_id = ${userId} and s.expires_at > now())`;
  const [row] = await db
    .select({ sessionValid: valid, event: SECURITY_EVENT_COLUMNS })
    .from(sql`(select) as one`)
    .leftJoin(securityAudit, and(eq(securityAudit.id, eventId), eq(securityAudit.userId, userId)))
    .limit(1);
  if (!row?.sessionValid) return { sessionValid: false };
  return { sessionValid: true, event: row.event as SecurityEventSummary | null };
}
