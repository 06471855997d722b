import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ONLINE_LOCATION_NAME } from "~/domains/inventory/stock-kinds";

/** The seller's Online location's id, made on first use so every store has exactly one. */
export async function ensureOnlineLocation(db: Database, userId: string): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    with made as (
      insert into stock_locations (user_id, kind, name) values (${userId}, 'online', ${ONLINE_LOCATION_NAME})
      on conflict do nothing returning id
    )
    select id from made
    union all
    select id from stock_locations where user_id = ${userId} and kind = 'online'
    limit 1`);
  // A concurrent first use made it after this statement's snapshot: a second statement sees it.
  const id =
    result.rows[0]?.id ??
    (
      await db.execute<{ id: string }>(
        sql`select id from stock_locations where user_id = ${userId} and kind = 'online' limit 1`,
      )
    ).rows[0]?.id;
  if (!id) throw new Error("the Online location could not be made");
  return id;
}
