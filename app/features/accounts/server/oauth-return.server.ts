import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/**
 * A session made by a third-party sign-in is "returning" until the browser lands on /auth/google/callback with
 * the state it started with (SPEC §4: the CSRF token inside state must equal the stored oauth_state). Only such a
 * session may be ended by that GET when the state does not match; any other session is left alone, so a link on
 * another site cannot sign a creator out (issue 13.4). Kept as a `verification` row for as long as the state
 * cookie lives.
 */
const PREFIX = "oauth-return:";
export const OAUTH_RETURN_SECONDS = 10 * 60;

/** Notes that `sessionId` was just created by a third-party sign-in (and drops notes that have expired). */
export async function markOAuthReturn(db: Database, sessionId: string): Promise<void> {
  await db.execute(sql`
    with expired as (delete from verification where identifier like ${`${PREFIX}%`} and expires_at < now())
    insert into verification (id, identifier, value, expires_at)
    values (${crypto.randomUUID()}, ${PREFIX + sessionId}, ${sessionId}, now() + make_interval(secs => ${OAUTH_RETURN_SECONDS}))
  `);
}

/** Whether `sessionId` was still returning from its third-party sign-in; the note is removed either way (one statement). */
export async function takeOAuthReturn(db: Database, sessionId: string): Promise<boolean> {
  const result = await db.execute(sql`
    delete from verification where identifier = ${PREFIX + sessionId} returning expires_at > now() as live
  `);
  return (result as unknown as { rows: { live: boolean }[] }).rows.some((row) => row.live);
}
