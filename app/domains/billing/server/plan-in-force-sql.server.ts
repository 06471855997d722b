import { type SQL, sql } from "drizzle-orm";
import type { PlanId } from "~/lib/plans";

/** The plan id in force for the user `userIdSql`: a trialing, active or past-due subscription's plan, else Starter. */
export function planInForceSql(userIdSql: SQL): SQL<PlanId> {
  return sql<PlanId>`coalesce((select bs.plan from billing_subscriptions bs where bs.user_id = ${userIdSql}
    and bs.status in ('trialing', 'active', 'past_due') limit 1), 'starter')`;
}
