import { sql } from "drizzle-orm";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import {
  paymentsByMethodJsonSql,
  productSalesJsonSql,
  soldOrdersSql,
  unitsSoldSql,
} from "~/domains/orders/server/location-report-sql.server";
import { closedShiftsSql } from "~/flows/pos/server/register-sql.server";
import type { EventReport } from "~/flows/event-sales/event-report";

const EMPTY: EventReport = {
  revenueCents: 0,
  orders: 0,
  units: 0,
  refundsCents: 0,
  costsCents: 0,
  netCents: 0,
  cashOverShortCents: 0,
  shifts: [],
  byProduct: [],
  byMethod: [],
  byHour: [],
};

/**
 * The event's report from its sales (paid or refunded orders at its location, as the analytics count them), their
 * payments and the closed shifts of its registers; hours are the event's local wall-clock hours.
 */
export function eventReportQuery(eventId: string | null): PageQuery<EventReport> {
  if (eventId === null) return { json: sql`null::json`, read: () => EMPTY };
  const soldIds = sql`select id from sold`;
  const json = sql<EventReport | null>`(with ev as (
      select location_id, time_zone, booth_fee_cents + other_costs_cents as costs from events
        where id = ${eventId}::uuid and user_id = me.user_id),
      sold as (select o.id, o.amount_cents, o.refunded_cents, o.sold_at
        from (${soldOrdersSql}) o join ev on o.location_id = ev.location_id
        where o.user_id = me.user_id),
      figures as (select coalesce(sum(amount_cents), 0)::int as revenue, count(*)::int as orders,
        coalesce(sum(refunded_cents), 0)::int as refunds from sold),
      closed as (select s.id, s.closed_at, s.expected_cash_cents, s.counted_cash_cents from (${closedShiftsSql}) s, ev
        where s.location_id = ev.location_id and s.user_id = me.user_id)
      select json_build_object('revenueCents', f.revenue, 'orders', f.orders,
        'units', ${unitsSoldSql(soldIds)},
        'refundsCents', f.refunds, 'costsCents', ev.costs, 'netCents', f.revenue - f.refunds - ev.costs,
        'cashOverShortCents', coalesce((select sum(counted_cash_cents - expected_cash_cents) from closed), 0),
        'shifts', coalesce((select json_agg(json_build_object('id', id, 'closedAt', closed_at,
            'expectedCents', expected_cash_cents, 'countedCents', counted_cash_cents,
            'overShortCents', counted_cash_cents - expected_cash_cents) order by closed_at) from closed), '[]'::json),
        'byProduct', ${productSalesJsonSql(soldIds)},
        'byMethod', ${paymentsByMethodJsonSql(soldIds)},
        'byHour', coalesce((select json_agg(h order by h.hour) from (
          select to_char(date_trunc('hour', sold_at at time zone ev.time_zone), 'YYYY-MM-DD"T"HH24:00') as hour,
            count(*)::int as orders, sum(amount_cents)::int as "revenueCents" from sold group by 1) h), '[]'::json))
      from ev, figures f)`;
  return pagePart(json, (report) => report ?? EMPTY);
}
