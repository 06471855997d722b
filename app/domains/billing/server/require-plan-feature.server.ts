import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { checkPlanFeature, type PlanFeatureRefusal } from "~/domains/billing/plan-gates";
import { type PlanFeatureId, planOf } from "~/lib/plans";
import { planInForceSql } from "./plan-in-force-sql.server";

/** The server guard: whether the plan in force for `userId` includes `feature`, read in one indexed query. */
export async function requirePlanFeature(
  db: Database,
  userId: string,
  feature: PlanFeatureId,
): Promise<{ ok: true } | PlanFeatureRefusal> {
  const { rows } = await db.execute<{ plan: string }>(sql`select ${planInForceSql(sql`${userId}::text`)} as plan`);
  return checkPlanFeature(planOf(rows[0]?.plan), feature);
}
