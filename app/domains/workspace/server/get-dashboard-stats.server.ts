import type { Database } from "~/db/database.server";
import type { DashboardStats } from "~/domains/workspace/dashboard-stats";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { dashboardStatsQuery } from "./dashboard-stats-query.server";

/** The dashboard's figures of one creator (the dashboard itself reads them with its session check). */
export async function getDashboardStats(db: Database, userId: string): Promise<DashboardStats> {
  return runPageQuery(db, { userId }, dashboardStatsQuery);
}
