import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/features/accounts/server/run-page-query.server";
import { salesMethodsQuery, type SalesMethodStatus } from "./sales-methods-query.server";

/** Which sales methods a creator has set up, and when each was last saved (own rows only). */
export async function listSalesMethods(db: Database, userId: string): Promise<SalesMethodStatus[]> {
  return runPageQuery(db, { userId }, salesMethodsQuery);
}
