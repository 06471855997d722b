import { sql } from "drizzle-orm";
import { locationSalesSql } from "~/domains/orders/server/location-orders-sql.server";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import type { ComparisonFilter, EventComparisonRow } from "~/flows/event-sales/event-comparison";

/**
 * Every event of the seller in the filter (type, local days in the seller's zone) with its sales figures, in one
 * statement. Figures come from the location's running sales totals, net after refunds and costs.
 */
export function eventComparisonQuery(
  filter: ComparisonFilter,
  fallbackTimeZone: string,
): PageQuery<{ timeZone: string; rows: EventComparisonRow[] }> {
  const json = sql<{
    timeZone: string;
    rows: EventComparisonRow[];
  }>`(with tz as (
      select coalesce((select time_zone from profiles where user_id = me.user_id), ${fallbackTimeZone}::text) as name
    ),
      figures as (
        select e.id, e.name, e.type, e.starts_at,
          greatest(extract(epoch from e.ends_at - e.starts_at) / 3600, 0.25) as hours,
          e.booth_fee_cents + e.other_costs_cents as costs,
          coalesce(s.revenue_cents, 0) as revenue, coalesce(s.orders, 0) as orders, coalesce(s.units, 0) as units,
          coalesce(s.refunded_cents, 0) as refunds
        from events e cross join tz
        left join (${locationSalesSql}) s on s.location_id = e.location_id
        where e.user_id = me.user_id
          and (${filter.type}::text is null or e.type = ${filter.type})
          and (${filter.from}::date is null or (e.starts_at at time zone tz.name)::date >= ${filter.from}::date)
          and (${filter.to}::date is null or (e.starts_at at time zone tz.name)::date <= ${filter.to}::date)
      )
      select json_build_object('timeZone', (select name from tz), 'rows', coalesce(json_agg(json_build_object(
        'id', id, 'name', name, 'type', type, 'startsAt', starts_at, 'hours', round(hours::numeric, 2),
        'revenueCents', revenue, 'netCents', revenue - refunds - costs,
        'netPerHourCents', round((revenue - refunds - costs) / hours)::int,
        'units', units, 'orders', orders,
        'averageSaleCents', case when orders > 0 then round(revenue::numeric / orders)::int else 0 end)
        order by starts_at, id), '[]'::json)) from figures)`;
  return pagePart(json, (value) => ({
    timeZone: value.timeZone,
    rows: value.rows.map((row) => ({ ...row, hours: Number(row.hours) })),
  }));
}
