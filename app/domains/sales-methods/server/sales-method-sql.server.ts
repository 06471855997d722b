import { type SQL, sql } from "drizzle-orm";
import type { SalesMethodKey } from "../content/sales-methods";

/** The seller's settings for one sales method as a scalar SQL expression (null until set up), for other domains. */
export function salesMethodSettingsSql(sellerId: SQL | string, method: SalesMethodKey): SQL {
  return sql`(select settings from sales_methods where user_id = ${sellerId} and method = ${method})`;
}
