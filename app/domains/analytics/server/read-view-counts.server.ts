import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { ViewKind } from "../content/view-rules";
import { pageViewCounts, pageViewVisitors } from "../tables.server";

export type ViewCounts = {
  views: number;
  uniqueVisitors: number;
  /** Calendar days (YYYY-MM-DD) of `timeZone` that had views, oldest first. */
  byDay: { day: string; views: number; uniqueVisitors: number }[];
  /** By page: the storefront and the buy-button page have no product. Most viewed first. */
  byPage: { kind: ViewKind; productId: string | null; views: number }[];
  /** By referrer host ('direct') and utm_source ('' when none). Most views first. */
  bySource: { source: string; utmSource: string; views: number }[];
};

/**
 * A seller's page views and unique visitors over [from, to), by day in `timeZone`, by page and by source; a visitor is
 * unique per UTC day.
 */
export async function readViewCounts(
  db: Database,
  sellerId: string,
  { from, to, timeZone = "UTC" }: { from: Date; to: Date; timeZone?: string },
): Promise<ViewCounts> {
  const countsIn = and(
    eq(pageViewCounts.sellerId, sellerId),
    gte(pageViewCounts.bucket, from),
    lt(pageViewCounts.bucket, to),
  );
  const visitorsIn = and(
    eq(pageViewVisitors.sellerId, sellerId),
    gte(pageViewVisitors.bucket, from),
    lt(pageViewVisitors.bucket, to),
  );
  const dayOfCounts = sql<string>`to_char(${pageViewCounts.bucket} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const dayOfVisitors = sql<string>`to_char(${pageViewVisitors.bucket} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const views = sql<number>`coalesce(sum(${pageViewCounts.views}), 0)::int`;
  const unique = sql<number>`count(distinct ${pageViewVisitors.visitor})::int`;

  const [viewsByDay, visitorsByDay, visitorTotal, byPage, bySource] = await Promise.all([
    db.select({ day: dayOfCounts, views }).from(pageViewCounts).where(countsIn).groupBy(sql`1`),
    db.select({ day: dayOfVisitors, uniqueVisitors: unique }).from(pageViewVisitors).where(visitorsIn).groupBy(sql`1`),
    readUniqueVisitors(db, sellerId, from, to),
    db
      .select({ kind: pageViewCounts.kind, productId: pageViewCounts.productId, views })
      .from(pageViewCounts)
      .where(countsIn)
      .groupBy(pageViewCounts.kind, pageViewCounts.productId)
      .orderBy(sql`3 desc`, pageViewCounts.kind, sql`${pageViewCounts.productId} nulls first`),
    db
      .select({ source: pageViewCounts.source, utmSource: pageViewCounts.utmSource, views })
      .from(pageViewCounts)
      .where(countsIn)
      .groupBy(pageViewCounts.source, pageViewCounts.utmSource)
      .orderBy(sql`3 desc`, pageViewCounts.source),
  ]);
  const uniqueByDay = new Map(visitorsByDay.map((row) => [row.day, row.uniqueVisitors]));
  const byDay = viewsByDay
    .map((row) => ({ day: row.day, views: row.views, uniqueVisitors: uniqueByDay.get(row.day) ?? 0 }))
    .sort((a, b) => a.day.localeCompare(b.day));
  return {
    views: byDay.reduce((sum, row) => sum + row.views, 0),
    uniqueVisitors: visitorTotal,
    byDay,
    byPage: byPage.map((row) => ({ ...row, kind: row.kind as ViewKind })),
    bySource,
  };
}

/** The distinct visitors of [from, to) from the read model, split at the first UTC midnight (see decision 020). */
export async function readUniqueVisitors(db: Database, sellerId: string, from: Date, to: Date): Promise<number> {
  const result = await db.execute<{ visitors: number }>(sql`
    with edge as (
      select case when ${from.toISOString()}::timestamptz = date_trunc('day', ${from.toISOString()}::timestamptz, 'UTC')
        then ${from.toISOString()}::timestamptz
        else date_trunc('day', ${from.toISOString()}::timestamptz, 'UTC') + interval '1 day' end as m
    )
    select case when edge.m <= ${to.toISOString()}::timestamptz then (
        select coalesce(sum(case when v.bucket >= edge.m then v.first_seen else v.last_seen end), 0)::int
          from analytics_view_buckets v
        where v.seller_id = ${sellerId} and v.bucket >= ${from.toISOString()}::timestamptz
          and v.bucket < ${to.toISOString()}::timestamptz)
      else (
        select count(distinct p.visitor)::int from page_view_visitors p
        where p.seller_id = ${sellerId} and p.bucket >= ${from.toISOString()}::timestamptz
          and p.bucket < ${to.toISOString()}::timestamptz)
      end as visitors
    from edge`);
  return result.rows[0]?.visitors ?? 0;
}
