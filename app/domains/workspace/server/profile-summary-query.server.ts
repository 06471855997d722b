import { sql } from "drizzle-orm";
import { jsonObject, jsonRow, nullable, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { businessProfiles, profiles } from "~/kernel/store/tables.server";

export type ProfileSummary = {
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  plan: string | null;
  storeName: string | null;
};

const NONE: ProfileSummary = { firstName: null, lastName: null, avatarUrl: null, plan: null, storeName: null };

/** Names, avatar, plan and store name of the signed-in creator: only the columns a page shows. */
export const profileSummaryQuery: PageQuery<ProfileSummary> = pagePart(
  jsonRow(
    jsonObject({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      plan: profiles.plan,
      storeName: nullable(businessProfiles.storeName),
    }),
    sql`from ${profiles} left join ${businessProfiles} on ${businessProfiles.userId} = ${profiles.userId}
      where ${profiles.userId} = me.user_id`,
  ),
  (summary) => summary ?? NONE,
);
