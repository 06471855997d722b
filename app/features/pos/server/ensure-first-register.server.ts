import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/**
 * Gives a seller without registers their first one, "Register 1", at their first shop, made from the Retail Store
 * setup's store name and address when they have no shop yet. Later visits change nothing.
 */
export async function ensureFirstRegister(db: Database, sellerId: string): Promise<void> {
  await db.execute(sql`
    with existing as (
      select 1 from registers where user_id = ${sellerId} limit 1
    ), setup as (
      select settings from sales_methods where user_id = ${sellerId} and method = 'retail_store'
    ), shop as (
      select id from stock_locations where user_id = ${sellerId} and kind = 'shop' and archived_at is null
      order by position, created_at limit 1
    ), made as (
      insert into stock_locations (user_id, kind, name, address)
      select ${sellerId}, 'shop',
        coalesce(nullif((select settings->>'storeName' from setup), ''), 'My shop'),
        coalesce((select settings->>'address' from setup), '')
      where not exists (select 1 from existing) and not exists (select 1 from shop)
      returning id
    )
    insert into registers (user_id, location_id, name)
    select ${sellerId}, coalesce((select id from shop), (select id from made)), 'Register 1'
    where not exists (select 1 from existing)`);
}
