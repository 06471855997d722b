import { sql } from "drizzle-orm";
import type { PageQuery } from "~/features/accounts/server/page-query.server";

/** What an event earned: sales at its location, refunds, costs, net and the cash count of its shifts. */
export type EventReport = {
  revenueCents: number;
  orders: number;
  units: number;
  refundsCents: number;
  costsCents: number;
  netCents: number;
  cashOverShortCents: number;
  byProduct: { name: string; units: number; revenueCents: number }[];
  byMethod: { method: string; amountCents: number }[];
};

const EMPTY: EventReport = {
  revenueCents: 0,
  orders: 0,
  units: 0,
  refundsCents: 0,
  costsCents: 0,
  netCents: 0,
  cashOverShortCents: 0,
  byProduct: [],
  byMethod: [],
};

/** The event's report from its orders (paid, refunded or disputed), their payments, refunds and shifts. */
export function eventReportQuery(eventId: string | null): PageQuery<EventReport> {
  if (eventId === null) return { json: sql`null::json`, read: () => EMPTY };
  return {
    json: sql`(with ev as (select location_id, booth_fee_cents + other_costs_cents as costs from events
        where id = ${eventId}::uuid and user_id = me.user_id),
      sold as (select o.id, o.amount_cents from orders o join ev on o.location_id = ev.location_id
        where o.user_id = me.user_id and o.status in ('paid', 'refunded', 'disputed')),
      figures as (select coalesce(sum(amount_cents), 0)::int as revenue, count(*)::int as orders,
        coalesce((select sum(r.amount_cents) from refunds r where r.order_id in (select id from sold) and r.status = 'succeeded'), 0)::int as refunds
        from sold)
      select json_build_object('revenueCents', f.revenue, 'orders', f.orders,
        'units', coalesce((select sum(l.quantity) from order_lines l where l.order_id in (select id from sold)), 0),
        'refundsCents', f.refunds, 'costsCents', ev.costs, 'netCents', f.revenue - f.refunds - ev.costs,
        'cashOverShortCents', coalesce((select sum(s.counted_cash_cents - s.expected_cash_cents) from shifts s
          where s.location_id = ev.location_id and s.closed_at is not null), 0),
        'byProduct', coalesce((select json_agg(x order by x."revenueCents" desc) from (
          select l.product_name as name, sum(l.quantity)::int as units,
            sum(l.subtotal_cents - l.discount_cents)::int as "revenueCents"
          from order_lines l where l.order_id in (select id from sold) group by l.product_name) x), '[]'::json),
        'byMethod', coalesce((select json_agg(y order by y."amountCents" desc) from (
          select p.method, sum(p.amount_cents)::int as "amountCents" from order_payments p
          where p.order_id in (select id from sold) and p.status = 'approved' group by p.method) y), '[]'::json))
      from ev, figures f)`,
    read: (json) => (json ? (json as EventReport) : EMPTY),
  };
}
