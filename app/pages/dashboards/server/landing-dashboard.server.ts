import type { Database } from "~/db/database.server";
import { readUniqueVisitors } from "~/domains/analytics/server/read-view-counts.server";
import { type LandingFigures, landingTabsData } from "~/pages/dashboards/landing-figures";
import type { DashboardTabsData } from "~/domains/marketing/content/sample-dashboard";
import { STATS_WINDOW_DAYS } from "~/domains/workspace/dashboard-stats";

const DAY_MS = 86_400_000;

/**
 * The landing's tabs for a creator with products; conversion is sales over unique visitors in the dashboard's window.
 */
export async function landingDashboard(
  db: Database,
  sellerId: string,
  { figures, timeZone, now = new Date() }: { figures: LandingFigures; timeZone: string; now?: Date },
): Promise<DashboardTabsData> {
  const uniqueVisitors = await readUniqueVisitors(
    db,
    sellerId,
    new Date(now.getTime() - STATS_WINDOW_DAYS * DAY_MS),
    now,
  );
  return landingTabsData(figures, { uniqueVisitors, timeZone });
}
