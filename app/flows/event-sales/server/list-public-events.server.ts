import { sql } from "drizzle-orm";
import { storefrontSellerIdSql } from "~/domains/catalog/server/storefront-sql.server";
import type { Database } from "~/db/database.server";
import { isSlugLike } from "~/domains/catalog/store-profile";
import type { PublicEvent } from "~/flows/event-sales/event-item";

/** The next public, not archived events of the store with this handle, soonest first, at most `limit`. */
export async function listPublicEvents(db: Database, handle: string, now: Date, limit = 10): Promise<PublicEvent[]> {
  // Not a handle at all (a NUL byte would fail in PostgreSQL): no store, so no events.
  if (!isSlugLike(handle)) return [];
  const result = await db.execute<PublicEvent>(sql`
    select e.id, e.name, e.starts_at as "startsAt", e.ends_at as "endsAt", e.time_zone as "timeZone", e.venue, e.address
    from events e
    where e.user_id = ${storefrontSellerIdSql(handle)} and e.is_public and e.archived_at is null and e.ends_at > ${now}
    order by e.starts_at, e.id limit ${limit}`);
  return result.rows.map((row) => ({
    ...row,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
  }));
}
