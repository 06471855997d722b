import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { EventDetail, EventListItem, EventSetup } from "~/flows/event-sales/event-item";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/lib/money";

/** The seller's zone (profile, else the browser's), store currency and Event Sales setup, shared by the event pages. */
export function eventsContextQuery(fallbackTimeZone: string): PageQuery<{
  timeZone: string;
  currency: Currency;
  setup: EventSetup;
}> {
  return {
    json: sql`json_build_object(
      'timeZone', coalesce((select p.time_zone from profiles p where p.user_id = me.user_id), ${fallbackTimeZone}::text),
      'currency', (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store' limit 1),
      'setup', (select settings from sales_methods where user_id = me.user_id and method = 'events' limit 1))`,
    read: (json) => {
      const value = json as { timeZone: string; currency: unknown; setup: Record<string, unknown> | null };
      const setup = value.setup ?? {};
      return {
        timeZone: value.timeZone,
        currency: isCurrency(value.currency) ? value.currency : DEFAULT_CURRENCY,
        setup: {
          eventTypes: Array.isArray(setup.eventTypes) ? setup.eventTypes.filter((t) => typeof t === "string") : [],
          setupRequirements: typeof setup.setupRequirements === "string" ? setup.setupRequirements : "",
        },
      };
    },
  };
}

const listItem = sql`json_build_object('id', e.id, 'name', e.name, 'type', e.type, 'startsAt', e.starts_at,
  'endsAt', e.ends_at, 'venue', e.venue, 'boothNumber', e.booth_number, 'isPublic', e.is_public,
  'archived', e.archived_at is not null)`;

/** Every event of the seller, soonest first (a seller has hundreds at most, so the page filters them by tab). */
export const eventListQuery: PageQuery<EventListItem[]> = {
  json: sql`coalesce((select json_agg(${listItem} order by e.starts_at, e.id) from events e
    where e.user_id = me.user_id), '[]'::json)`,
  read: (json) => (Array.isArray(json) ? (json as EventListItem[]) : []),
};

/** One of the seller's events with its checklist and whether it has sales, or null (also for no id). */
export function eventDetailQuery(eventId: string | null): PageQuery<EventDetail | null> {
  if (eventId === null) return { json: sql`null::json`, read: () => null };
  return {
    json: sql`(select json_build_object('id', e.id, 'name', e.name, 'type', e.type, 'startsAt', e.starts_at,
        'endsAt', e.ends_at, 'venue', e.venue, 'boothNumber', e.booth_number, 'isPublic', e.is_public,
        'archived', e.archived_at is not null, 'address', e.address, 'locationId', e.location_id,
        'currency', e.currency, 'boothFeeCents', e.booth_fee_cents, 'otherCostsCents', e.other_costs_cents,
        'notes', e.notes, 'timeZone', e.time_zone, 'checklist', e.checklist,
        'hasSales', exists (select 1 from orders o where o.location_id = e.location_id))
      from events e where e.id = ${eventId}::uuid and e.user_id = me.user_id)`,
    read: (json) => (json ? (json as EventDetail) : null),
  };
}
