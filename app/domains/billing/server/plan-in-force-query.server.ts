import { sql } from "drizzle-orm";
import { pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { type PlanId, planOf } from "~/lib/plans";
import { planInForceSql } from "./plan-in-force-sql.server";

/** The signed-in creator's plan in force as a page-query part, so a page's locks cost no statement of their own. */
export const planInForceQuery: PageQuery<PlanId> = pagePart(planInForceSql(sql`me.user_id`), planOf);
