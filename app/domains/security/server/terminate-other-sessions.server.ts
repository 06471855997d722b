import { and, eq, ne } from "drizzle-orm";
import { session } from "~/kernel/session/tables.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { AppServices } from "~/server/services.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { RequestContext } from "~/server/http/request-context.server";

/** 'Sign out all other sessions': every session of the user but this one ends now. Returns how many. */
export async function terminateOtherSessions(
  services: AppServices,
  ctx: RequestContext,
  user: CurrentUser,
): Promise<number> {
  return inTransaction(services.db, async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, user.id), ne(session.id, user.sessionId)))
      .returning({ id: session.id });
    if (ended.length > 0) {
      await recordSecurityEvent(
        tx,
        {
          userId: user.id,
          eventType: "other_sessions_terminated",
          eventCategory: "session",
          severity: "medium",
          riskScore: 3,
          details: { count: ended.length },
        },
        ctx.meta,
      );
    }
    return ended.length;
  });
}
