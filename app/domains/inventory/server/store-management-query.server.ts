import { type SQL, sql } from "drizzle-orm";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { INVENTORY_PAGE_SIZE } from "~/domains/inventory/inventory-display";
import type { InventoryView, StoreManagementData } from "~/domains/inventory/store-management-data";

/** The search as a LIKE pattern with its wildcards escaped. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The Store Management page as one SQL expression: setup, locations, one filtered page of inventory with levels, an
 * item's history.
 */
export function storeManagementQuery(view: InventoryView): PageQuery<StoreManagementData> {
  const filters: SQL[] = [sql`v.user_id = me.user_id`, sql`v.archived_at is null`];
  if (view.search) {
    const pattern = likePattern(view.search);
    filters.push(
      sql`(p.name ilike ${pattern} or v.title ilike ${pattern} or v.sku ilike ${pattern} or v.barcode = ${view.search})`,
    );
  }
  // Low stock: the available units per variant summed once over the open locations (or the one chosen), not per row.
  const available = view.lowOnly
    ? sql`avail as (
        select l.variant_id, sum(l.on_hand - l.reserved) as units from stock_levels l
        join stock_locations sl on sl.id = l.location_id and sl.archived_at is null
        where l.user_id = me.user_id ${view.locationId ? sql`and l.location_id = ${view.locationId}::uuid` : sql``}
        group by l.variant_id
      ), `
    : sql``;
  if (view.lowOnly)
    filters.push(sql`p.low_stock_threshold is not null and coalesce(a.units, 0) <= p.low_stock_threshold`);
  const offset = (view.page - 1) * INVENTORY_PAGE_SIZE;
  const history = view.itemId
    ? sql`(select coalesce(json_agg(h order by h."createdAt" desc), '[]') from (
        select m.id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", m.kind,
          m.quantity, m.reason, m.note, sl.name as "locationName", u.name as "actorName"
        from stock_movements m join stock_locations sl on sl.id = m.location_id
        left join "user" u on u.id = m.actor_id
        where m.user_id = me.user_id and m.variant_id = ${view.itemId}::uuid
        order by m.created_at desc limit 100) h)`
    : sql`null`;
  return pagePart(
    sql<StoreManagementData>`(with ${available}items as (
        select v.id, v.product_id, p.name as product_name, v.title, v.sku, v.barcode, p.low_stock_threshold, v.position
        from product_variants v join products p on p.id = v.product_id
        ${view.lowOnly ? sql`left join avail a on a.variant_id = v.id` : sql``}
        where ${sql.join(filters, sql` and `)}
      ), shown as (
        select * from items order by product_name, product_id, position,
          id limit ${INVENTORY_PAGE_SIZE} offset ${offset}
      )
      select json_build_object(
        'setup', (select settings from sales_methods where user_id = me.user_id and method = 'retail_store' limit 1),
        'locations', (select coalesce(json_agg(json_build_object('id', l.id, 'kind', l.kind, 'name', l.name,
            'address', l.address, 'openingHours', l.opening_hours, 'phone', l.phone, 'archived',
              l.archived_at is not null)
            order by l.kind <> 'online', l.position, l.created_at), '[]')
          from stock_locations l where l.user_id = me.user_id),
        'anyItems', exists (select 1 from product_variants v where v.user_id = me.user_id and v.archived_at is null),
        'total', (select count(*) from items),
        'items', (select coalesce(json_agg(json_build_object('id', s.id, 'productId', s.product_id,
            'productName', s.product_name, 'variantTitle', s.title, 'sku', s.sku, 'barcode', s.barcode,
            'threshold', s.low_stock_threshold,
            'levels', (select coalesce(json_agg(json_build_array(l.location_id, l.on_hand, l.reserved)), '[]')
              from stock_levels l where l.variant_id = s.id))
            order by s.product_name, s.product_id, s.position, s.id), '[]') from shown s),
        'history', ${history}))`,
  );
}
