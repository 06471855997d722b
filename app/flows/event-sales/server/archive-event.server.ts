import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { archiveLocationsSql } from "~/domains/inventory/server/location-sql.server";
import { type Failure, fail } from "~/lib/errors";

/** Archives one of the seller's events with its stock location (history kept, no new stock), or restores both. */
export async function archiveEvent(
  db: Database,
  sellerId: string,
  id: string,
  archived: boolean,
): Promise<{ ok: true } | Failure<"EVENT_NOT_FOUND">> {
  const result = await db.execute<{ id: string }>(sql`
    with changed as (
      update events set archived_at = case when ${archived} then coalesce(archived_at, now()) end, updated_at = now()
      where id = ${id} and user_id = ${sellerId} returning id, location_id
    ), location as (${archiveLocationsSql(archived, sql`select c.location_id from changed c`)})
    select c.id from changed c left join location on true`);
  return result.rows[0] ? { ok: true } : fail("EVENT_NOT_FOUND");
}
