import { sql } from "drizzle-orm";
import { DEFAULT_STORE_CURRENCY } from "./store-defaults";

/** The signed-in creator's store currency inside a page query, USD until one is chosen. */
export const storeCurrencySql = sql`coalesce(
  (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store'
    and settings->>'currency' ~ '^[A-Z]{3}$'),
  ${DEFAULT_STORE_CURRENCY}::text
)`;
