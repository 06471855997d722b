import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { pageViewCounts, pageViewVisitors } from "../tables.server";

/** Adds written views to the analytics read model, locking each seller's UTC day so no visitor counts twice. */
export async function foldViews(
  tx: Database,
  counts: (typeof pageViewCounts.$inferInsert)[],
  visitors: (typeof pageViewVisitors.$inferInsert)[],
): Promise<void> {
  if (counts.length > 0) {
    const rows = JSON.stringify(
      counts.map((row) => ({
        seller_id: row.sellerId,
        product_id: row.productId ?? null,
        kind: row.kind,
        bucket: row.bucket.toISOString(),
        source: row.source,
        utm_source: row.utmSource ?? "",
        utm_medium: row.utmMedium ?? "",
        utm_campaign: row.utmCampaign ?? "",
        views: row.views,
      })),
    );
    await tx.execute(sql`
      with batch as (
        select * from json_to_recordset(${rows}::json) as r(seller_id text, product_id uuid, kind text,
          bucket timestamptz, source text,
          utm_source text, utm_medium text, utm_campaign text, views int)
      ),
      by_bucket as (
        insert into analytics_view_buckets (seller_id, bucket, views)
        select seller_id, bucket, sum(views) from batch group by seller_id, bucket order by seller_id, bucket
        on conflict (seller_id, bucket) do update set views = analytics_view_buckets.views + excluded.views
        returning 1
      ),
      by_day as (
        insert into analytics_view_days (seller_id, day, views)
        select seller_id, (bucket at time zone 'UTC')::date, sum(views) from batch group by 1, 2 order by 1, 2
        on conflict (seller_id, day) do update set views = analytics_view_days.views + excluded.views
        returning 1
      ),
      by_product as (
        insert into analytics_product_view_days (seller_id, product_id, day, views)
        select seller_id, product_id, (bucket at time zone 'UTC')::date, sum(views) from batch
          where kind not in ('storefront', 'bio')
        group by 1, 2, 3 order by 1, 3, 2
        on conflict (seller_id, day,
          product_id) do update set views = analytics_product_view_days.views + excluded.views
        returning 1
      )
      insert into analytics_source_view_days (seller_id, day, source, utm_source, utm_medium, utm_campaign, views)
      select seller_id, (bucket at time zone 'UTC')::date, source, utm_source, utm_medium, utm_campaign, sum(views)
        from batch
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (seller_id, day, source, utm_source, utm_medium, utm_campaign) do update set
        views = analytics_source_view_days.views + excluded.views
    `);
  }
  if (visitors.length > 0) {
    const rows = JSON.stringify(
      visitors.map((row) => ({
        seller_id: row.sellerId,
        bucket: row.bucket.toISOString(),
        visitor: row.visitor.toString("hex"),
      })),
    );
    await tx.execute(sql`
      select pg_advisory_xact_lock(lock_key) from (
        select distinct hashtextextended('analytics-visitors:' || seller_id || ':' || (bucket at time zone 'UTC')::date,
          0) as lock_key
        from json_to_recordset(${rows}::json) as r(seller_id text, bucket timestamptz, visitor text)
        order by lock_key
      ) keys
    `);
    await tx.execute(sql`
      with batch as (
        select seller_id, (bucket at time zone 'UTC')::date as day, decode(visitor, 'hex') as visitor,
          min(bucket) as first_bucket, max(bucket) as last_bucket
        from json_to_recordset(${rows}::json) as r(seller_id text, bucket timestamptz, visitor text)
        group by 1, 2, 3
      ),
      old as (
        select v.seller_id, v.day, v.visitor, v.first_bucket, v.last_bucket from analytics_visitor_days v
        join batch b on b.seller_id = v.seller_id and b.day = v.day and b.visitor = v.visitor
      ),
      saved as (
        insert into analytics_visitor_days (seller_id, day, visitor, first_bucket, last_bucket)
        select seller_id, day, visitor, first_bucket, last_bucket from batch order by seller_id, day, visitor
        on conflict (seller_id, day, visitor) do update set
          first_bucket = least(analytics_visitor_days.first_bucket, excluded.first_bucket),
          last_bucket = greatest(analytics_visitor_days.last_bucket, excluded.last_bucket)
        returning seller_id, first_bucket, last_bucket
      ),
      new_visitors as (
        insert into analytics_view_days (seller_id, day, visitors)
        select b.seller_id, b.day, count(*) from batch b
        where not exists (select 1 from old o where o.seller_id = b.seller_id and o.day = b.day
          and o.visitor = b.visitor)
        group by 1, 2 order by 1, 2
        on conflict (seller_id, day) do update set visitors = analytics_view_days.visitors + excluded.visitors
        returning 1
      ),
      delta as (
        select seller_id, first_bucket as bucket, 1 as first_seen, 0 as last_seen from saved
        union all select seller_id, last_bucket, 0, 1 from saved
        union all select seller_id, first_bucket, -1, 0 from old
        union all select seller_id, last_bucket, 0, -1 from old
      )
      insert into analytics_view_buckets (seller_id, bucket, first_seen, last_seen)
      select seller_id, bucket, sum(first_seen), sum(last_seen) from delta group by seller_id, bucket
      having sum(first_seen) <> 0 or sum(last_seen) <> 0
      order by seller_id, bucket
      on conflict (seller_id, bucket) do update set
        first_seen = analytics_view_buckets.first_seen + excluded.first_seen,
        last_seen = analytics_view_buckets.last_seen + excluded.last_seen
    `);
  }
}
