import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// SQL parts over the orders that used a discount code, for the discounts domain's reads.

/** Whether an order that has not expired holds the code, as a boolean SQL expression. */
export function codeHeldByOrderSql(discountCodeId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from orders o where o.discount_code_id = ${discountCodeId} and o.status <> 'expired')`;
}

/** How many orders used the code beyond its limit, as a scalar SQL expression. */
export function overLimitOrderCountSql(discountCodeId: SQL | AnyColumn): SQL<number> {
  return sql<number>`(select count(*) from orders o where o.discount_code_id = ${discountCodeId} and o.discount_over_limit)`;
}
