import { combinePageQueries } from "~/kernel/session/page-query.server";
import { businessCardQuery } from "~/domains/workspace/server/business-card-query.server";
import { profileSummaryQuery } from "~/domains/workspace/server/profile-summary-query.server";
import { salesMethodsQuery } from "~/domains/sales-methods/server/sales-methods-query.server";
import { dashboardStatsQuery } from "~/domains/workspace/server/dashboard-stats-query.server";

/** Everything the dashboard shows: who the creator is, their business, sales methods and figures. */
export const dashboardPageQuery = combinePageQueries({
  profile: profileSummaryQuery,
  business: businessCardQuery,
  salesMethods: salesMethodsQuery,
  stats: dashboardStatsQuery,
});
