import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";
import type { ShippingZoneItem } from "~/features/shipping/shipping-zone-item";

/** The signed-in seller's zones and their rates, as one JSON expression of the session check's statement. */
export const shippingZonesQuery: PageQuery<ShippingZoneItem[]> = {
  json: sql`coalesce((
    select json_agg(json_build_object('id', z.id, 'name', z.name, 'countries', z.countries,
      'rates', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'kind', r.kind,
          'priceCents', r.price_cents, 'bands', r.bands, 'freeAboveCents', r.free_above_cents) order by r.position, r.created_at)
        from shipping_rates r where r.zone_id = z.id), '[]'::json)) order by z.position, z.created_at)
    from shipping_zones z where z.user_id = me.user_id), '[]'::json)`,
  read: (json) => (Array.isArray(json) ? (json as ShippingZoneItem[]) : []),
};
