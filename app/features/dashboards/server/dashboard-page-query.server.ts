import { combinePageQueries } from "~/kernel/session/page-query.server";
import { businessCardQuery } from "~/features/workspace/server/business-card-query.server";
import { profileSummaryQuery } from "~/features/workspace/server/profile-summary-query.server";
import { salesMethodsQuery } from "~/features/sales-methods/server/sales-methods-query.server";
import { dashboardStatsQuery } from "~/features/workspace/server/dashboard-stats-query.server";

/** Everything the dashboard shows: who the creator is, their business, sales methods and figures. */
export const dashboardPageQuery = combinePageQueries({
  profile: profileSummaryQuery,
  business: businessCardQuery,
  salesMethods: salesMethodsQuery,
  stats: dashboardStatsQuery,
});
