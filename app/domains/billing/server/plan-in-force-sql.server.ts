import { type SQL, sql } from "drizzle-orm";

/** The id of the plan in force for the user `userIdSql` names, as SQL: a live subscription's plan, else Starter. */
export function planInForceSql(userIdSql: SQL): SQL<string> {
  return sql<string>`coalesce((select bs.plan from billing_subscriptions bs where bs.user_id = ${userIdSql}
    and bs.status in ('trialing', 'active', 'past_due')), 'starter')`;
}
