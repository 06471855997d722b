import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { MAX_SOURCES_PER_SELLER_PER_DAY, OTHER_SOURCE, utcDay } from "../content/view-rules";
import type { pageViewCounts } from "../tables.server";

type CountRow = typeof pageViewCounts.$inferInsert;

const sourceOf = (row: CountRow) =>
  `${row.source}\t${row.utmSource ?? ""}\t${row.utmMedium ?? ""}\t${row.utmCampaign ?? ""}`;

/**
 * Folds a seller's new sources past the daily cap into OTHER_SOURCE, so arbitrary referrers cannot add rows without
 * end.
 */
export async function capViewSources(tx: Database, counts: CountRow[]): Promise<CountRow[]> {
  if (counts.length === 0) return counts;
  const days = new Map<string, { seller_id: string; day: string }>();
  for (const row of counts) {
    const day = utcDay(row.bucket.getTime());
    days.set(`${row.sellerId}\t${day}`, { seller_id: row.sellerId, day });
  }
  const keys = JSON.stringify([...days.values()]);
  await tx.execute(sql`
    select pg_advisory_xact_lock(lock_key) from (
      select distinct hashtextextended('analytics-sources:' || seller_id || ':' || day, 0) as lock_key
      from json_to_recordset(${keys}::json) as r(seller_id text, day date)
      order by lock_key
    ) locks`);
  const existing = await tx.execute<{
    seller_id: string;
    day: string;
    source: string;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
  }>(sql`
    select s.seller_id, s.day::text as day, s.source, s.utm_source, s.utm_medium, s.utm_campaign
    from analytics_source_view_days s
    join json_to_recordset(${keys}::json) as r(seller_id text, day date) on r.seller_id = s.seller_id and r.day = s.day`);
  const known = new Map<string, Set<string>>();
  const sourcesOf = (sellerDay: string) => known.get(sellerDay) ?? known.set(sellerDay, new Set()).get(sellerDay)!;
  for (const row of existing.rows) {
    sourcesOf(`${row.seller_id}\t${row.day}`).add(
      `${row.source}\t${row.utm_source}\t${row.utm_medium}\t${row.utm_campaign}`,
    );
  }
  // The most viewed sources of the batch take the places left.
  const ordered = [...counts].sort((a, b) => b.views - a.views);
  const kept = new Map<string, CountRow>();
  for (const row of ordered) {
    const sources = sourcesOf(`${row.sellerId}\t${utcDay(row.bucket.getTime())}`);
    const full = !sources.has(sourceOf(row)) && sources.size >= MAX_SOURCES_PER_SELLER_PER_DAY;
    const placed = full ? { ...row, source: OTHER_SOURCE, utmSource: "", utmMedium: "", utmCampaign: "" } : { ...row };
    sources.add(sourceOf(placed));
    const key = `${placed.sellerId}\t${placed.productId}\t${placed.kind}\t${placed.bucket.getTime()}\t${sourceOf(placed)}`;
    const same = kept.get(key);
    if (same) same.views += placed.views;
    else kept.set(key, placed);
  }
  return [...kept.values()];
}
