import { and, eq, lt } from "drizzle-orm";
import { securityAudit } from "~/kernel/audit/tables.server";
import { session } from "~/kernel/session/tables.server";
import { SECURITY_EVENT_RETENTION_DAYS } from "~/domains/security/security-format";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { AppServices } from "~/server/services.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** Removes the user's expired sessions and events past the retention, in one transaction, with the event. */
export async function cleanupSecurityData(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
): Promise<{ sessions: number; events: number }> {
  const cutoff = new Date(Date.now() - SECURITY_EVENT_RETENTION_DAYS * 86_400_000);
  return inTransaction(services.db, async (tx) => {
    const sessions = await tx
      .delete(session)
      .where(and(eq(session.userId, user.id), lt(session.expiresAt, new Date())))
      .returning({ id: session.id });
    const events = await tx
      .delete(securityAudit)
      .where(and(eq(securityAudit.userId, user.id), lt(securityAudit.createdAt, cutoff)))
      .returning({ id: securityAudit.id });
    const removed = { sessions: sessions.length, events: events.length };
    await recordSecurityEvent(
      tx,
      {
        userId: user.id,
        eventType: "data_cleanup",
        eventCategory: "data",
        severity: "low",
        riskScore: 1,
        details: { removed },
      },
      ctx.meta,
    );
    return removed;
  });
}
