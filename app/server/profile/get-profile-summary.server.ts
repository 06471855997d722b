import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { businessProfiles, profiles } from "~/db/schema";

/** Names, avatar and store name of a creator: only the columns a page shows. */
export async function getProfileSummary(db: Database, userId: string) {
  const [row] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl, plan: profiles.plan, storeName: businessProfiles.storeName })
    .from(profiles)
    .leftJoin(businessProfiles, eq(businessProfiles.userId, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? { firstName: null, lastName: null, avatarUrl: null, plan: null, storeName: null };
}
