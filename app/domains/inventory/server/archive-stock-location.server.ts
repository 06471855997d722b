import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/**
 * Archives one of the seller's shops (its history stays; it takes no new stock) or restores it. The Online location
 * is always kept.
 */
export async function archiveStockLocation(
  db: Database,
  sellerId: string,
  id: string,
  archived: boolean,
): Promise<{ ok: true } | Failure<"STOCK_LOCATION_NOT_FOUND" | "ONLINE_LOCATION_KEPT">> {
  const result = await db.execute<{ kind: string; changed: boolean }>(sql`
    with target as (select id, kind from stock_locations where id = ${id} and user_id = ${sellerId}),
    changed as (
      update stock_locations l set archived_at = case when ${archived} then coalesce(l.archived_at, now()) end
      from target t where l.id = t.id and t.kind <> 'online' returning l.id
    )
    select t.kind, exists (select 1 from changed) as changed from target t`);
  const row = result.rows[0];
  if (!row) return fail("STOCK_LOCATION_NOT_FOUND");
  if (row.kind === "online") return fail("ONLINE_LOCATION_KEPT");
  return { ok: true };
}
