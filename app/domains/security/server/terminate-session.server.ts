import { and, eq, gt, ne } from "drizzle-orm";
import { session } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { AppServices } from "~/server/services.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

/**
 * Ends one of the user's other sessions by deleting its row, so it is signed out on every instance; others' ids find
 * nothing.
 */
export async function terminateSession(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
  sessionId: string,
): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const [ended] = await tx
      .delete(session)
      .where(
        and(
          eq(session.id, sessionId),
          eq(session.userId, user.id),
          ne(session.id, user.sessionId),
          gt(session.expiresAt, new Date()),
        ),
      )
      .returning({ id: session.id, ipAddress: session.ipAddress });
    if (!ended) return false;
    await recordSecurityEvent(
      tx,
      {
        userId: user.id,
        eventType: "session_terminated",
        eventCategory: "session",
        severity: "medium",
        riskScore: 3,
        details: { sessionIp: ended.ipAddress },
      },
      ctx.meta,
    );
    return true;
  });
}
