import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/**
 * A third-party sign-in's session counts as returning until its callback arrives. Only such a session may be ended by a
 * callback with a wrong state, so another site's link cannot sign a creator out.
 */
const PREFIX = "oauth-return:";
export const OAUTH_RETURN_SECONDS = 10 * 60;

/** Notes that `sessionId` was just created by a third-party sign-in, dropping expired notes. */
export async function markOAuthReturn(db: Database, sessionId: string): Promise<void> {
  await db.execute(sql`
    with expired as (delete from verification where identifier like ${`${PREFIX}%`} and expires_at < now())
    insert into verification (id, identifier, value, expires_at)
    values (${crypto.randomUUID()}, ${PREFIX + sessionId}, ${sessionId},
      now() + make_interval(secs => ${OAUTH_RETURN_SECONDS}))
  `);
}

/** Whether `sessionId` was still returning from its third-party sign-in; removes the note either way. */
export async function takeOAuthReturn(db: Database, sessionId: string): Promise<boolean> {
  const result = await db.execute<{ live: boolean }>(sql`
    delete from verification where identifier = ${PREFIX + sessionId} returning expires_at > now() as live
  `);
  return result.rows.some((row) => row.live);
}
