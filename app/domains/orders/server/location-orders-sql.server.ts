import { type SQL, sql } from "drizzle-orm";

// SQL parts of the orders sold at a stock location, for the statements of the flows that own locations' records.

/** Whether any order was sold at the location, as a boolean SQL expression. */
export function locationSalesExistSql(locationId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from orders o where o.location_id = ${locationId})`;
}

/** Every location's sales totals: a subquery of `location_id`, `orders`, `units`, `revenue_cents`, `refunded_cents`. */
export const locationSalesSql: SQL = sql`select ls.location_id, ls.orders, ls.units, ls.revenue_cents, ls.refunded_cents
  from location_sales ls`;
