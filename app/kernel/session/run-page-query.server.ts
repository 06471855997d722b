import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { PageQuery } from "./page-query.server";

/** Runs a page read outside the session check, for verbs such as exports; `me.touched_at` is null. */
export async function runPageQuery<T>(
  db: Database,
  me: { userId: string; sessionId?: string },
  query: PageQuery<T>,
): Promise<T> {
  const result = await db.execute<{ page: unknown }>(sql`
    with me as (select ${me.userId}::text as user_id, ${me.sessionId ?? null}::text as session_id,
      null::timestamptz as touched_at),
    access as (
      select id, user_id, event_type, event_category, severity, risk_score, ip_address, details, created_at
        from security_audit where false
    )
    select ${query.json} as page from me
  `);
  return query.read(result.rows[0]?.page);
}
