import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { writeIcsCalendar } from "~/flows/event-sales/ics";
import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { feedTokenHash } from "./reset-calendar-feed.server";

/** How far back the feed lists past events. */
const FEED_PAST_DAYS = 180;

/** The iCalendar text of the seller whose feed token this is, or null for an unknown or reset token. */
export async function readCalendarFeed(db: Database, token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const result = await db.execute<{
    found: boolean;
    id: string | null;
    name: string;
    type: string;
    starts_at: string;
    ends_at: string;
    updated_at: string;
    venue: string;
    address: string;
    booth_number: string;
  }>(sql`
    with feed as (select user_id from event_calendar_feeds where token_hash = ${feedTokenHash(token)})
    select true as found, e.id, e.name, e.type, e.starts_at, e.ends_at, e.updated_at, e.venue, e.address, e.booth_number
    from feed left join events e on e.user_id = feed.user_id and e.archived_at is null
      and e.ends_at > ${now}::timestamptz - make_interval(days => ${FEED_PAST_DAYS})
    order by e.starts_at, e.id`);
  if (!result.rows[0]?.found) return null;
  const entries = result.rows
    .filter((row) => row.id)
    .map((row) => ({
      uid: `${row.id}@sellkit-events`,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      updatedAt: new Date(row.updated_at),
      summary: row.name,
      location: [row.venue, row.address].filter(Boolean).join(", "),
      description: [
        EVENT_TYPES.find((type) => type.value === row.type)?.label,
        row.booth_number && `Booth ${row.booth_number}`,
      ]
        .filter(Boolean)
        .join("\n"),
      cancelled: false,
    }));
  return writeIcsCalendar("My events", entries, now);
}
