import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { sessionsQuery, type SessionSummary } from "./sessions-query.server";

/** A user's own sessions, most recently active first, `currentSessionId` marked. Never their tokens. */
export async function listSessions(db: Database, userId: string, currentSessionId: string): Promise<SessionSummary[]> {
  return runPageQuery(db, { userId, sessionId: currentSessionId }, sessionsQuery);
}
