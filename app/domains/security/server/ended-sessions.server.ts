import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Of `sessionIds`, those that are no longer valid (deleted or expired): one statement for any number. */
export async function endedSessions(db: Database, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const result = await db.execute<{ id: string }>(sql`
    select ids.id from json_array_elements_text(${JSON.stringify(sessionIds)}::json) as ids(id)
    where not exists (select from session s where s.id = ids.id and s.expires_at > now())
  `);
  return result.rows.map((row) => row.id);
}
