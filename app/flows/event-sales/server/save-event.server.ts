import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { insertLocationSql, renameLocationSql } from "~/domains/inventory/server/location-sql.server";
import { startChecklist, type ChecklistItem } from "~/flows/event-sales/checklist";
import { type RepeatFrequency, repeatSpans } from "~/flows/event-sales/repeat";
import { type Failure, fail } from "~/lib/errors";
import { zonedLocalToUtc } from "~/lib/zoned-time";

/** An event's details as the form gives them, times still wall-clock in `timeZone`. */
export type EventInput = {
  name: string;
  type: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  address: string;
  boothNumber: string;
  currency: string;
  boothFeeCents: number;
  otherCostsCents: number;
  notes: string;
  isPublic: boolean;
  confirmPast: boolean;
  checklist: string[];
  repeat: { frequency: RepeatFrequency; count: number } | null;
};

/** Another of the seller's events at the same time, named in the warning. */
export type EventOverlap = { id: string; name: string };

type SaveFailure = Failure<"EVENT_NOT_FOUND" | "EVENT_START_IN_PAST">;

/**
 * Creates an event with its stock location (and its repeats, each with its own), or edits one. A start in the past
 * needs `confirmPast`; overlaps with other events are returned as a warning, never refused.
 */
export async function saveEvent(
  db: Database,
  sellerId: string,
  id: string | null,
  input: EventInput,
  now: Date,
): Promise<{ ok: true; id: string; created: number; overlaps: EventOverlap[] } | SaveFailure> {
  const startsAt = zonedLocalToUtc(input.startsAt, input.timeZone)!;
  const endsAt = zonedLocalToUtc(input.endsAt, input.timeZone)!;
  return db.transaction(async (tx) => {
    let previousStart: Date | null = null;
    if (id) {
      const found = await tx.execute<{ starts_at: string }>(
        sql`select starts_at from events where id = ${id} and user_id = ${sellerId} for update`,
      );
      if (!found.rows[0]) return fail("EVENT_NOT_FOUND");
      previousStart = new Date(found.rows[0].starts_at);
    }
    const movedIntoPast = startsAt < now && (!previousStart || previousStart.getTime() !== startsAt.getTime());
    if (movedIntoPast && !input.confirmPast) return fail("EVENT_START_IN_PAST");

    const spans = [{ startsAt, endsAt }];
    if (!id && input.repeat)
      spans.push(...repeatSpans(spans[0]!, input.timeZone, input.repeat.frequency, input.repeat.count));
    const seriesId = spans.length > 1 ? crypto.randomUUID() : null;
    const ids: string[] = [];
    if (id) {
      await tx.execute(sql`
        update events set name = ${input.name}, type = ${input.type}, starts_at = ${startsAt}, ends_at = ${endsAt},
          time_zone = ${input.timeZone}, venue = ${input.venue}, address = ${input.address},
          booth_number = ${input.boothNumber}, booth_fee_cents = ${input.boothFeeCents},
          other_costs_cents = ${input.otherCostsCents}, notes = ${input.notes}, is_public = ${input.isPublic},
          updated_at = now()
        where id = ${id} and user_id = ${sellerId}`);
      const locationId = sql`(select e.location_id from events e where e.id = ${id})`;
      await tx.execute(renameLocationSql(locationId, input.name, input.address));
      ids.push(id);
    } else {
      const checklist: ChecklistItem[] = startChecklist(input.checklist);
      for (const span of spans) {
        const created = await tx.execute<{ id: string }>(sql`
          with location as (${insertLocationSql(sellerId, "event", input.name, input.address)})
          insert into events (user_id, location_id, name, type, starts_at, ends_at, time_zone, venue, address,
            booth_number, currency, booth_fee_cents, other_costs_cents, notes, is_public, checklist, series_id)
          select ${sellerId}, location.id, ${input.name}, ${input.type}, ${span.startsAt}, ${span.endsAt},
            ${input.timeZone}, ${input.venue}, ${input.address}, ${input.boothNumber}, ${input.currency},
            ${input.boothFeeCents}, ${input.otherCostsCents}, ${input.notes}, ${input.isPublic},
            ${JSON.stringify(checklist)}::jsonb, ${seriesId}
          from location returning id`);
        ids.push(created.rows[0]!.id);
      }
    }
    const idList = `{${ids.join(",")}}`;
    const overlaps = await tx.execute<{ id: string; name: string }>(sql`
      select distinct o.id, o.name, o.starts_at from events o
      join events e on e.id = any(${idList}::uuid[])
      where o.user_id = ${sellerId} and o.archived_at is null and not (o.id = any(${idList}::uuid[]))
        and o.starts_at < e.ends_at and e.starts_at < o.ends_at
      order by o.starts_at limit 5`);
    return {
      ok: true as const,
      id: ids[0]!,
      created: id ? 0 : ids.length,
      overlaps: overlaps.rows.map((row) => ({ id: row.id, name: row.name })),
    };
  });
}
