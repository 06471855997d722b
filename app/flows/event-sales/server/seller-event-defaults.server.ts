import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { salesMethodSettingsSql } from "~/domains/sales-methods/server/sales-method-sql.server";
import { DEFAULT_CURRENCY, isCurrency } from "~/lib/money";
import { resolveTimeZone } from "~/lib/zoned-time";

/** The seller's zone and store currency, read when an event is saved. */
export async function sellerEventDefaults(db: Database, sellerId: string, fallbackTimeZone: string | undefined) {
  const result = await db.execute<{ time_zone: string | null; currency: string | null }>(sql`
    select (select time_zone from profiles where user_id = ${sellerId}) as time_zone,
      ${salesMethodSettingsSql(sellerId, "online_store")}->>'currency' as currency`);
  const row = result.rows[0];
  return {
    timeZone: resolveTimeZone(row?.time_zone ?? fallbackTimeZone),
    currency: isCurrency(row?.currency) ? row.currency : DEFAULT_CURRENCY,
  };
}
