import { sql } from "drizzle-orm";
import { DEFAULT_STORE_CURRENCY } from "./store-defaults";

/**
 * The signed-in creator's store currency inside a page query (`me.user_id`): the online store's setting, USD until
 * one is chosen. Sales are summed in it everywhere (the dashboard's stat cards compute the same in their query).
 */
export const storeCurrencySql = sql`coalesce(
  (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store' and settings->>'currency' ~ '^[A-Z]{3}$'),
  ${DEFAULT_STORE_CURRENCY}::text
)`;
