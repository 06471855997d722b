import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ensureStoreLocations } from "~/domains/inventory/server/ensure-store-locations.server";
import { firstShopIdSql, insertFirstShopSql } from "~/domains/inventory/server/location-sql.server";

/**
 * Gives a seller without registers their first one, "Register 1", at their first shop: the Retail Store setup's, or
 * one named after the store when there is no setup. Later visits change nothing.
 */
export async function ensureFirstRegister(db: Database, sellerId: string): Promise<void> {
  await ensureStoreLocations(db, sellerId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registers:${sellerId}`}))`);
    const shopName = sql`coalesce(nullif((select store_name from business_profiles where user_id = ${sellerId}), ''),
      'My shop')`;
    const noShop = sql<boolean>`not exists (select 1 from existing) and (select id from shop) is null`;
    await tx.execute(sql`
      with existing as (
        select 1 from registers where user_id = ${sellerId} limit 1
      ), shop as (
        select ${firstShopIdSql(sellerId)} as id
      ), made as (
        ${insertFirstShopSql(sellerId, shopName, noShop)}
      )
      insert into registers (user_id, location_id, name)
      select ${sellerId}, coalesce((select id from shop), (select id from made)), 'Register 1'
      where not exists (select 1 from existing)`);
  });
}
