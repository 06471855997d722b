import { type SQL, sql } from "drizzle-orm";

/** Whether the seller has a Link in Bio page, as a boolean SQL expression for other domains' reads. */
export function hasBioPageSql(sellerId: SQL | string): SQL {
  return sql`exists (select 1 from bio_pages bp where bp.user_id = ${sellerId})`;
}
