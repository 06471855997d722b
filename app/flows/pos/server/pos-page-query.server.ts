import { sql } from "drizzle-orm";
import { jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import type { PosPage } from "~/flows/pos/pos-types";

/**
 * The point of sale's data: the seller's registers with open shifts, their recent and coming events, and every
 * published item with its stock per location.
 */
export const posPageQuery: PageQuery<PosPage> = pagePart(
  jsonObject({
    eventPaymentMethods: sql<PosPage["eventPaymentMethods"]>`(select sm.settings->'paymentMethods' from sales_methods sm
      where sm.user_id = me.user_id and sm.method = 'events' limit 1)`,
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
            'sales', coalesce((select json_agg(json_build_object(
                'orderId', o.id, 'soldAt', o.created_at, 'amountCents', o.amount_cents, 'status', o.status,
                'lines', (select json_agg(json_build_object('id', ol.id, 'name', ol.product_name,
                    'variantTitle', ol.variant_title, 'quantity', ol.quantity, 'refundedQuantity', ol.refunded_quantity,
                    'physical', ol.kind = 'physical') order by ol.position)
                  from order_lines ol where ol.order_id = o.id))
                order by o.created_at desc)
              from (select * from orders where shift_id = s.id and status in ('paid', 'refunded')
                order by created_at desc limit 50) o), '[]'::json))
          from shifts s where s.register_id = r.id and s.closed_at is null))
        order by l.position, l.created_at, r.created_at)
      from registers r join stock_locations l on l.id = r.location_id
      where r.user_id = me.user_id and r.archived_at is null and l.archived_at is null), '[]'::json)`,
    items: sql<PosPage["items"]>`coalesce((select json_agg(json_build_object(
        'productId', p.id, 'variantId', v.id, 'name', p.name, 'variantTitle', coalesce(v.title, ''), 'sku', v.sku,
        'barcode', v.barcode, 'priceCents', coalesce(v.price_cents, p.price_cents), 'physical', p.type = 'physical',
        'coverId', (select c.id from product_covers c where c.product_id = p.id order by c.width limit 1),
        'stock', coalesce((select json_object_agg(sl.location_id, sl.on_hand - sl.reserved) from stock_levels sl
          where sl.variant_id = v.id), '{}'::json))
        order by p.position, p.created_at, v.position)
      from products p left join product_variants v on v.product_id = p.id and v.archived_at is null
      where p.user_id = me.user_id and p.status = 'published' and p.pricing <> 'pwyw'
        and (p.type <> 'physical' or v.id is not null)), '[]'::json)`,
  }),
);
