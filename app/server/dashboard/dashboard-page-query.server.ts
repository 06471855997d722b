import { combinePageQueries } from "../auth/page-query";
import { businessCardQuery } from "../profile/business-card-query.server";
import { profileSummaryQuery } from "../profile/profile-summary-query.server";
import { salesMethodsQuery } from "../sales/sales-methods-query.server";
import { dashboardStatsQuery } from "./dashboard-stats-query.server";

/** Everything the dashboard shows: who the creator is, their business, sales methods and figures. */
export const dashboardPageQuery = combinePageQueries({
  profile: profileSummaryQuery,
  business: businessCardQuery,
  salesMethods: salesMethodsQuery,
  stats: dashboardStatsQuery,
});
