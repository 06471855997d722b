import { type SQL, sql } from "drizzle-orm";

// SQL parts of the registers table, for the statements of the event flow, whose stalls sell through registers.

/** The id of the oldest register not archived at the location, as a scalar SQL expression (null without one). */
export function locationRegisterIdSql(locationId: SQL): SQL<string | null> {
  return sql<string | null>`(select r.id from registers r where r.location_id = ${locationId} and r.archived_at is null
    order by r.created_at limit 1)`;
}

/** Whether any register, archived or not, stands at the location, as a boolean SQL expression. */
export function locationHasRegisterSql(locationId: SQL | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from registers r where r.location_id = ${locationId})`;
}

/** The closed shifts: `id`, `user_id`, `location_id`, `closed_at`, `expected_cash_cents`, `counted_cash_cents`. */
export const closedShiftsSql: SQL = sql`select s.id, s.user_id, s.location_id, s.closed_at, s.expected_cash_cents,
    s.counted_cash_cents
  from shifts s where s.closed_at is not null`;
