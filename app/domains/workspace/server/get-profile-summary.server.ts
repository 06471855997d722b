import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { profileSummaryQuery, type ProfileSummary } from "./profile-summary-query.server";

/** Names, avatar and store name of a creator: only the columns a page shows (pages read it with their session check). */
export async function getProfileSummary(db: Database, userId: string): Promise<ProfileSummary> {
  return runPageQuery(db, { userId }, profileSummaryQuery);
}
