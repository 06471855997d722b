import { sql } from "drizzle-orm";
import { planInForceSql } from "~/domains/billing/server/plan-in-force-sql.server";
import { jsonObject, jsonRow, nullable, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { businessProfiles, profiles } from "~/kernel/store/tables.server";

export type ProfileSummary = {
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  /** The plan in force (billing's), not the one picked on 'Choose Your Plan'. */
  plan: string;
  storeName: string | null;
};

const NONE: ProfileSummary = { firstName: null, lastName: null, avatarUrl: null, plan: "starter", storeName: null };

/** Names, avatar, plan in force and store name of the signed-in creator: only the columns a page shows. */
export const profileSummaryQuery: PageQuery<ProfileSummary> = pagePart(
  jsonRow(
    jsonObject({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      plan: planInForceSql(sql`${profiles.userId}`),
      storeName: nullable(businessProfiles.storeName),
    }),
    sql`from ${profiles} left join ${businessProfiles} on ${businessProfiles.userId} = ${profiles.userId}
      where ${profiles.userId} = me.user_id`,
  ),
  (summary) => summary ?? NONE,
);
