import { sql } from "drizzle-orm";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";

/** One item's stock story at an event: brought in, sold, taken back and left now. */
export type EventStockRow = {
  variantId: string;
  label: string;
  brought: number;
  sold: number;
  returned: number;
  left: number;
};

/** What the event's stock section shows and offers. */
export type EventStock = {
  rows: EventStockRow[];
  sources: { id: string; name: string }[];
  items: { variantId: string; label: string }[];
};

const label = sql`p.name || case when v.title <> '' then ' – ' || v.title else '' end`;

/**
 * The event's stock from the ledger at its location, the seller's other places to bring stock from, and their items.
 */
export function eventStockQuery(eventId: string | null): PageQuery<EventStock> {
  const empty: EventStock = { rows: [], sources: [], items: [] };
  if (eventId === null) return { json: sql`null::json`, read: () => empty };
  const json = sql<EventStock | null>`(select json_build_object(
      'rows', coalesce((select json_agg(json_build_object('variantId', m.variant_id, 'label', ${label},
          'brought', m.brought, 'sold', m.sold, 'returned', m.returned,
          'left', coalesce((select l.on_hand from stock_levels l where l.variant_id = m.variant_id
            and l.location_id = e.location_id), 0))
          order by p.name, v.position)
        from (select variant_id,
            sum(quantity) filter (where kind = 'transferred' and quantity > 0)::int as brought,
            coalesce(-sum(quantity) filter (where kind = 'sold'), 0)::int as sold,
            coalesce(-sum(quantity) filter (where kind = 'transferred' and quantity < 0), 0)::int as returned
          from stock_movements where location_id = e.location_id group by variant_id) m
        join product_variants v on v.id = m.variant_id join products p on p.id = v.product_id), '[]'::json),
      'sources', coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.kind, s.position)
        from stock_locations s where s.user_id = me.user_id and s.archived_at is null and s.kind in ('online', 'shop')),
          '[]'::json),
      'items', coalesce((select json_agg(json_build_object('variantId', v.id, 'label', ${label}) order by p.name,
        v.position)
        from product_variants v join products p on p.id = v.product_id
        where v.user_id = me.user_id and v.archived_at is null and p.type = 'physical'), '[]'::json))
      from events e where e.id = ${eventId}::uuid and e.user_id = me.user_id)`;
  return pagePart(json, (stock) => stock ?? empty);
}
