import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import { ONLINE_LOCATION_NAME } from "~/domains/inventory/stock-kinds";

/**
 * Makes the Online location and, for a seller who never had a shop, the first one from the Retail Store setup, once.
 */
export async function ensureStoreLocations(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The lock keeps two first visits from making two shops.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-locations:${userId}`}))`);
    await tx.execute(sql`
      with online as (
        insert into stock_locations (user_id, kind, name) values (${userId}, 'online', ${ONLINE_LOCATION_NAME})
        on conflict do nothing returning id
      )
      insert into stock_locations (user_id, kind, name, address, position)
      select ${userId}, 'shop', btrim(s.settings->>'storeName'), coalesce(btrim(s.settings->>'address'), ''), 1
      from (select ${salesMethodSettingsSql(userId, "retail_store")} as settings) s
      where coalesce(btrim(s.settings->>'storeName'), '') <> ''
        and not exists (select 1 from stock_locations l where l.user_id = ${userId} and l.kind = 'shop')`);
  });
}
