import { sql } from "drizzle-orm";
import { combinePageQueries, type PageQuery } from "~/kernel/session/page-query.server";
import { profileSummaryQuery } from "./profile-summary-query.server";

const businessTypesQuery: PageQuery<string[]> = {
  json: sql`(select to_json(business_types) from business_profiles where user_id = me.user_id)`,
  read: (json) => (json as string[] | null) ?? [],
};

/** What the workspace navigation shows: the creator's names, avatar and store name, and their business types for the tools. */
export const workspaceNavQuery = combinePageQueries({
  profile: profileSummaryQuery,
  businessTypes: businessTypesQuery,
});
