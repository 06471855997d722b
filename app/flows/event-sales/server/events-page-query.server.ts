import { sql } from "drizzle-orm";
import { jsonList, jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { locationSalesExistSql } from "~/domains/orders/server/location-orders-sql.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import { events } from "~/flows/event-sales/tables.server";
import type { EventDetail, EventListItem, EventSetup } from "~/flows/event-sales/event-item";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/lib/money";

/** The seller's zone (profile, else the browser's), store currency and Event Sales setup, shared by the event pages. */
export function eventsContextQuery(fallbackTimeZone: string): PageQuery<{
  timeZone: string;
  currency: Currency;
  setup: EventSetup;
}> {
  const json = jsonObject({
    timeZone: sql<string>`coalesce((select p.time_zone from profiles p where p.user_id = me.user_id),
      ${fallbackTimeZone}::text)`,
    currency: sql<string | null>`(${salesMethodSettingsSql(sql`me.user_id`, "online_store")}->>'currency')`,
    setup: sql<Record<string, unknown> | null>`${salesMethodSettingsSql(sql`me.user_id`, "events")}`,
  });
  return pagePart(json, (value) => {
    const setup = value.setup ?? {};
    return {
      timeZone: value.timeZone,
      currency: isCurrency(value.currency) ? value.currency : DEFAULT_CURRENCY,
      setup: {
        eventTypes: Array.isArray(setup.eventTypes) ? setup.eventTypes.filter((t) => typeof t === "string") : [],
        setupRequirements: typeof setup.setupRequirements === "string" ? setup.setupRequirements : "",
      },
    };
  });
}

const listMembers = {
  id: events.id,
  name: events.name,
  type: events.type,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  venue: events.venue,
  boothNumber: events.boothNumber,
  isPublic: events.isPublic,
  archived: sql<boolean>`${events.archivedAt} is not null`,
};

/** Every event of the seller, soonest first (a seller has hundreds at most, so the page filters them by tab). */
export const eventListQuery: PageQuery<EventListItem[]> = pagePart(
  jsonList(jsonObject(listMembers), sql`from ${events} where ${events.userId} = me.user_id`, {
    orderBy: sql`${events.startsAt}, ${events.id}`,
  }),
);

/** One of the seller's events with its checklist and whether it has sales, or null (also for no id). */
export function eventDetailQuery(eventId: string | null): PageQuery<EventDetail | null> {
  if (eventId === null) return { json: sql`null::json`, read: () => null };
  const detail = jsonObject({
    ...listMembers,
    address: events.address,
    locationId: events.locationId,
    currency: events.currency,
    boothFeeCents: events.boothFeeCents,
    otherCostsCents: events.otherCostsCents,
    notes: events.notes,
    timeZone: events.timeZone,
    checklist: events.checklist,
    hasSales: locationSalesExistSql(sql`${events.locationId}`),
  });
  return pagePart(
    jsonRow(detail, sql`from ${events} where ${events.id} = ${eventId}::uuid and ${events.userId} = me.user_id`),
  );
}
