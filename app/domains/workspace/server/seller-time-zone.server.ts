import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { resolveTimeZone } from "~/lib/zoned-time";

/** The zone a seller's dates are read in: the saved one, else `fallback` (the browser's), else the default. */
export async function sellerTimeZone(db: Database, sellerId: string, fallback: string | undefined): Promise<string> {
  const result = await db.execute<{ time_zone: string | null }>(
    sql`select time_zone from profiles where user_id = ${sellerId}`,
  );
  return resolveTimeZone(result.rows[0]?.time_zone ?? fallback);
}
