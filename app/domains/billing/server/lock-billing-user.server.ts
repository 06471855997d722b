import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Holds a creator's billing lock until the transaction ends, so two tabs or two events for one creator take turns. */
export async function lockBillingUser(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`);
}
