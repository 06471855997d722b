import { type SQL, sql } from "drizzle-orm";

// SQL parts of the stock locations and their stock, for the statements of flows that keep a location per record.

/** An insert of a location of the seller, last in their list, returning its `id`: a statement for a CTE. */
export function insertLocationSql(sellerId: string, kind: string, name: string, address: string): SQL {
  return sql`insert into stock_locations (user_id, kind, name, address, position)
    select ${sellerId}, ${kind}, ${name}, ${address}, coalesce(max(position), 0) + 1
    from stock_locations where user_id = ${sellerId}
    returning id`;
}

/** An update of the name and address of the location whose id the expression gives: a statement. */
export function renameLocationSql(locationId: SQL, name: string, address: string): SQL {
  return sql`update stock_locations l set name = ${name}, address = ${address} where l.id = ${locationId}`;
}

/** An update archiving (or restoring) the locations whose ids the subquery gives, returning their `id`s. */
export function archiveLocationsSql(archived: boolean, locationIds: SQL): SQL {
  return sql`update stock_locations l set archived_at = case when ${archived} then coalesce(l.archived_at, now()) end
    where l.id in (${locationIds}) returning l.id`;
}

/** Whether stock ever moved in or out of the location, as a boolean SQL expression. */
export function locationHasMovementsSql(locationId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from stock_movements m where m.location_id = ${locationId})`;
}

/** A delete of the location unless `keep` (a boolean SQL expression) holds: a statement. */
export function deleteLocationSql(locationId: string, keep: SQL<boolean>): SQL {
  return sql`delete from stock_locations l where l.id = ${locationId} and not ${keep}`;
}

/** The variants with units free to move at the location, as `variant_id`, `available` rows: a statement. */
export function availableStockSql(locationId: string): SQL {
  return sql`select variant_id, on_hand - reserved as available from stock_levels
    where location_id = ${locationId} and on_hand - reserved > 0 order by variant_id`;
}

/** The id of the seller's location with this id, when it is not archived: a subquery of one `id` column. */
export function liveLocationIdSql(sellerId: string, locationId: SQL | string): SQL {
  return sql`select l.id from stock_locations l
    where l.id = ${locationId}::uuid and l.user_id = ${sellerId} and l.archived_at is null`;
}

/** The id of the seller's first shop not archived, as a scalar SQL expression (null without one). */
export function firstShopIdSql(sellerId: string): SQL {
  return sql`(select id from stock_locations where user_id = ${sellerId} and kind = 'shop' and archived_at is null
    order by position, created_at limit 1)`;
}

/** An insert of the seller's first shop named `name` when `when` holds, returning its `id`: a statement for a CTE. */
export function insertFirstShopSql(sellerId: string, name: SQL, when: SQL<boolean>): SQL {
  return sql`insert into stock_locations (user_id, kind, name, position) select ${sellerId}, 'shop', ${name}, 1
    where ${when} returning id`;
}

/** The name of the location whose id the expression gives, as a scalar SQL expression. */
export function locationNameSql(locationId: SQL): SQL<string> {
  return sql<string>`(select l.name from stock_locations l where l.id = ${locationId})`;
}

/** Every location with its seller, as a subquery of `id` and `user_id`, to join a location's owner onto its records. */
export const locationOwnersSql: SQL = sql`select sl.id, sl.user_id from stock_locations sl`;

/** Every location as a list shows it: `id`, `user_id`, `name`, `position`, `created_at`, `archived_at`. */
export const locationListSql: SQL = sql`select sl.id, sl.user_id, sl.name, sl.position, sl.created_at, sl.archived_at
  from stock_locations sl`;

/** The variant's units free to sell per location as a JSON object keyed by location id, `{}` without stock. */
export function variantStockByLocationJsonSql(variantId: SQL): SQL {
  return sql`coalesce((select json_object_agg(sl.location_id, sl.on_hand - sl.reserved) from stock_levels sl
    where sl.variant_id = ${variantId}), '{}'::json)`;
}
