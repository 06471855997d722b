import { sql } from "drizzle-orm";
import { combinePageQueries, jsonRow, pagePart } from "~/kernel/session/page-query.server";
import { businessProfiles } from "~/kernel/store/tables.server";
import { profileSummaryQuery } from "./profile-summary-query.server";

const businessTypesQuery = pagePart(
  jsonRow(businessProfiles.businessTypes, sql`from ${businessProfiles} where ${businessProfiles.userId} = me.user_id`),
  (types) => types ?? [],
);

/**
 * What the workspace navigation shows: the creator's names, avatar and store name, and their business types for the
 * tools.
 */
export const workspaceNavQuery = combinePageQueries({
  profile: profileSummaryQuery,
  businessTypes: businessTypesQuery,
});
