import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ensureStoreLocations } from "~/domains/inventory/server/ensure-store-locations.server";

/**
 * Gives a seller without registers their first one, "Register 1", at their first shop: the Retail Store setup's, or
 * one named after the store when there is no setup. Later visits change nothing.
 */
export async function ensureFirstRegister(db: Database, sellerId: string): Promise<void> {
  await ensureStoreLocations(db, sellerId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registers:${sellerId}`}))`);
    await tx.execute(sql`
      with existing as (
        select 1 from registers where user_id = ${sellerId} limit 1
      ), shop as (
        select id from stock_locations where user_id = ${sellerId} and kind = 'shop' and archived_at is null
        order by position, created_at limit 1
      ), made as (
        insert into stock_locations (user_id, kind, name, position)
        select ${sellerId}, 'shop',
          coalesce(nullif((select store_name from business_profiles where user_id = ${sellerId}), ''), 'My shop'), 1
        where not exists (select 1 from existing) and not exists (select 1 from shop)
        returning id
      )
      insert into registers (user_id, location_id, name)
      select ${sellerId}, coalesce((select id from shop), (select id from made)), 'Register 1'
      where not exists (select 1 from existing)`);
  });
}
