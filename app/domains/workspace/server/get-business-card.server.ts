import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { businessCardQuery, type BusinessCard } from "./business-card-query.server";

/** What the dashboard's business card shows; null when the creator has no business profile yet (not an error). */
export async function getBusinessCard(db: Database, userId: string): Promise<BusinessCard | null> {
  return runPageQuery(db, { userId }, businessCardQuery);
}
