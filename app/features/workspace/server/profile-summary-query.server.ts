import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type ProfileSummary = {
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  plan: string | null;
  storeName: string | null;
};

const NONE: ProfileSummary = { firstName: null, lastName: null, avatarUrl: null, plan: null, storeName: null };

/** Names, avatar, plan and store name of the signed-in creator: only the columns a page shows. */
export const profileSummaryQuery: PageQuery<ProfileSummary> = {
  json: sql`(
    select json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'avatarUrl', p.avatar_url, 'plan', p.plan, 'storeName', b.store_name)
    from profiles p left join business_profiles b on b.user_id = p.user_id where p.user_id = me.user_id
  )`,
  read: (json) => (json as ProfileSummary | null) ?? NONE,
};
