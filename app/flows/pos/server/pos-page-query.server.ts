import { sql } from "drizzle-orm";
import { jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { sellableItemsJsonSql } from "~/domains/catalog/server/sellable-items-sql.server";
import { locationListSql, variantStockByLocationJsonSql } from "~/domains/inventory/server/location-sql.server";
import { shiftRecentSalesJsonSql } from "~/domains/orders/server/returnable-orders-sql.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import type { PosPage } from "~/flows/pos/pos-types";

/**
 * The point of sale's data: the seller's registers with open shifts, their recent and coming events, and every
 * published item with its stock per location.
 */
export const posPageQuery: PageQuery<PosPage> = pagePart(
  jsonObject({
    eventPaymentMethods: sql<
      PosPage["eventPaymentMethods"]
    >`(${salesMethodSettingsSql(sql`me.user_id`, "events")}->'paymentMethods')`,
    timeZone: sql<PosPage["timeZone"]>`(select time_zone from profiles where user_id = me.user_id)`,
    events: sql<
      PosPage["events"]
    >`coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name, 'locationId', e.location_id,
        'startsAt', e.starts_at, 'endsAt', e.ends_at) order by e.starts_at, e.id)
      from (select id, name, location_id, starts_at, ends_at from events where user_id = me.user_id
        and archived_at is null and ends_at > now() - interval '7 days' order by starts_at, id limit 30) e),
      '[]'::json)`,
    registers: sql<PosPage["registers"]>`coalesce((select json_agg(json_build_object(
        'id', r.id, 'name', r.name, 'locationId', l.id, 'locationName', l.name, 'cardReaderLabel', r.card_reader_label,
        'atEvent', exists (select 1 from events e where e.location_id = r.location_id),
        'openShift', (select json_build_object('id', s.id, 'openedAt', s.opened_at, 'openingFloatCents',
          s.opening_float_cents,
            'currency', s.currency,
            'sales', ${shiftRecentSalesJsonSql(sql`s.id`)})
          from shifts s where s.register_id = r.id and s.closed_at is null))
        order by l.position, l.created_at, r.created_at)
      from registers r join (${locationListSql}) l on l.id = r.location_id
      where r.user_id = me.user_id and r.archived_at is null and l.archived_at is null), '[]'::json)`,
    items: sql<PosPage["items"]>`${sellableItemsJsonSql(sql`me.user_id`, variantStockByLocationJsonSql)}`,
  }),
);
