import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { session } from "~/db/schema";

export type SessionSummary = {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  isActive: boolean;
  isCurrent: boolean;
};

/**
 * The user's own sessions for the sessions panel, most recently active first ('last active' is the sign-in
 * time until the session opens a guarded page). Never their tokens.
 */
export async function listSessions(db: Database, userId: string, currentSessionId: string, now = new Date()): Promise<SessionSummary[]> {
  const rows = await db
    .select({ id: session.id, ipAddress: session.ipAddress, userAgent: session.userAgent, createdAt: session.createdAt, lastActiveAt: sql<Date>`coalesce(${session.lastActiveAt}, ${session.createdAt})`.mapWith(session.createdAt), expiresAt: session.expiresAt })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(sql`coalesce(${session.lastActiveAt}, ${session.createdAt})`));
  return rows.map(({ expiresAt, ...row }) => ({ ...row, isActive: expiresAt > now, isCurrent: row.id === currentSessionId }));
}
