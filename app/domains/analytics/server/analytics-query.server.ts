import { sql } from "drizzle-orm";
import { type JsonOf, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { DEFAULT_CURRENCY } from "~/lib/money";
import { type AnalyticsRange, grainOf } from "../analytics-range";
import { type AnalyticsReport, BREAKDOWN_ROWS } from "../analytics-report";

export type AnalyticsQueryInput = {
  range: AnalyticsRange;
  /**
   * The zone when the creator has not chosen one in Settings: the browser's (its cookie), already checked with Intl.
   */
  fallbackTimeZone: string;
  /** The current day in the creator's zone is taken from the database clock unless given (tests with fixed clocks). */
  today?: string;
};

const figuresJson = sql`json_build_object('revenueCents', revenue, 'orders', orders, 'units', units, 'views', views,
  'visitors', visitors)`;

/** The report's members over the CTEs' `span s` and `store st`; sums are JSON numbers, dates YYYY-MM-DD strings. */
function reportJson(grain: AnalyticsReport["grain"]) {
  return jsonObject({
    timeZone: sql<string>`s.tz`,
    currency: sql<string>`st.currency`,
    grain: sql<AnalyticsReport["grain"]>`${grain}::text`,
    from: sql<string>`s.from_day`,
    to: sql<string>`s.to_day - 1`,
    previousFrom: sql<string>`s.prev_day`,
    previousTo: sql<string>`s.from_day - 1`,
    current: sql<AnalyticsReport["current"]>`(select ${figuresJson} from figures where whole_period)`,
    previous: sql<AnalyticsReport["previous"]>`(select ${figuresJson} from series where not in_range)`,
    series: sql<AnalyticsReport["series"]>`(
      select coalesce(json_agg(json_build_object('start', start, 'revenueCents', revenue, 'orders', orders,
        'units', units, 'views', views, 'visitors', visitors) order by start), '[]'::json)
      from series where in_range
    )`,
    products: sql<AnalyticsReport["products"]>`(
      select coalesce(json_agg(json_build_object('productId', product_id, 'name', name, 'revenueCents', revenue,
        'orders', orders, 'units', units, 'views', views)
        order by revenue desc, views desc, name nulls last, product_id),
        '[]'::json)
      from products_out
    )`,
    sources: sql<AnalyticsReport["sources"]>`(
      select coalesce(json_agg(json_build_object('source', source, 'utmSource', utm_source, 'utmMedium', utm_medium,
        'utmCampaign', utm_campaign, 'views', views, 'orders', orders, 'revenueCents', revenue)
        order by revenue desc, views desc, source, utm_source, utm_medium, utm_campaign), '[]'::json)
      from sources_out
    )`,
  });
}

/**
 * The signed-in seller's analytics figures, read from the read model in one statement; the cost follows the range's
 * length, not the store's size. Unique visitors are counted per docs/decisions/020-analytics-read-model.md.
 */
export function analyticsQuery({ range, fallbackTimeZone, today }: AnalyticsQueryInput): PageQuery<AnalyticsReport> {
  const grain = grainOf(range);
  const from = range.preset === "custom" ? range.from : null;
  const to = range.preset === "custom" ? range.to : null;
  const report = reportJson(grain);
  return pagePart(
    sql<JsonOf<typeof report>>`(
      with zone as (
        select coalesce((select p.time_zone from profiles p where p.user_id = me.user_id),
          ${fallbackTimeZone}::text) as tz
      ),
      store as (
        select coalesce(
          (select settings->>'currency' from sales_methods where user_id = me.user_id and method = 'online_store'
            and settings->>'currency' ~ '^[A-Z]{3}$'),
          ${DEFAULT_CURRENCY}::text
        ) as currency
      ),
      base as (
        select z.tz, coalesce(${today ?? null}::date, (now() at time zone z.tz)::date) as today from zone z
      ),
      span as (
        select b.tz, r.from_day, r.to_day, r.from_day - (r.to_day - r.from_day) as prev_day,
          (r.from_day::timestamp at time zone b.tz) as f_at, (r.to_day::timestamp at time zone b.tz) as t_at
        from base b, lateral (
          select
            case ${range.preset}::text when 'custom' then ${from}::date when '7d' then b.today - 6 when '30d'
              then b.today - 29
              when '90d' then b.today - 89 else (b.today - interval '12 months')::date + 1 end as from_day,
            case ${range.preset}::text when 'custom' then ${to}::date + 1 else b.today + 1 end as to_day
        ) r
      ),
      cut as (
        select s.*, case when s.f_at = date_trunc('day', s.f_at, 'UTC') then s.f_at else date_trunc('day', s.f_at,
          'UTC') + interval '1 day' end as mf,
          date_trunc('day', s.t_at, 'UTC') as tf
        from span s
      ),
      days as (
        select d.day, d.day >= s.from_day as in_range,
          case when d.day < s.from_day then s.prev_day when ${grain}::text = 'day' then d.day
            else greatest(date_trunc(${grain}::text, d.day::timestamp)::date, s.from_day) end as grp,
          (d.day::timestamp at time zone s.tz) as starts, ((d.day + 1)::timestamp at time zone s.tz) as ends
        from span s, lateral (select g::date as day from generate_series(s.prev_day, s.to_day - 1,
          interval '1 day') g) d
      ),
      groups as (
        select g.*, case when g.starts = date_trunc('day', g.starts, 'UTC') then g.starts else date_trunc('day',
          g.starts, 'UTC') + interval '1 day' end as m
        from (select grp, bool_and(in_range) as in_range, min(starts) as starts, max(ends) as ends from days
          group by grp) g
      ),
      -- The intervals read: each chart point, the previous period (one group) and the current period as a whole. Each is
      -- its whole UTC days [m, fe) from the per-day tables plus its two partial UTC days from the 15-minute rows.
      intervals as (
        select i.*, greatest(date_trunc('day', i.ends, 'UTC'), i.m) as fe
        from (
          select g.grp as key, g.in_range, false as whole_period, g.starts, g.ends, g.m from groups g
          union all
          select c.from_day, true, true, c.f_at, c.t_at, c.mf from cut c
        ) i
      ),
      figures as (
        select i.key, i.in_range, i.whole_period,
          vd.views + ve.views as views,
          case when i.m <= i.ends then vd.visitors + ve.visitors
            else (select count(distinct pv.visitor) from page_view_visitors pv where pv.seller_id = me.user_id
              and pv.bucket >= i.starts and pv.bucket < i.ends)
          end as visitors,
          sd.orders + se.orders as orders, sd.units + se.units as units, sd.revenue + se.revenue as revenue
        from intervals i cross join store st,
        lateral (
          select coalesce(sum(d.views), 0) as views, coalesce(sum(d.visitors), 0) as visitors from analytics_view_days d
          where d.seller_id = me.user_id and d.day >= (i.m at time zone 'UTC')::date
            and d.day < (i.fe at time zone 'UTC')::date
        ) vd,
        lateral (
          select coalesce(sum(x.views), 0) as views,
            coalesce(sum(x.last_seen) filter (where x.part = 1),
              0) + coalesce(sum(x.first_seen) filter (where x.part = 2), 0) as visitors
          from (
            select 1 as part, v.views, v.first_seen, v.last_seen from analytics_view_buckets v
            where v.seller_id = me.user_id and v.bucket >= i.starts and v.bucket < least(i.m, i.ends)
            union all
            select 2, v.views, v.first_seen, v.last_seen from analytics_view_buckets v
            where v.seller_id = me.user_id and v.bucket >= i.fe and v.bucket < i.ends
          ) x
        ) ve,
        lateral (
          select coalesce(sum(p.orders), 0) as orders, coalesce(sum(p.units), 0) as units,
            coalesce(sum(p.revenue_cents) filter (where p.currency = st.currency), 0) as revenue
          from analytics_sales_product_days p
          where p.seller_id = me.user_id and p.day >= (i.m at time zone 'UTC')::date
            and p.day < (i.fe at time zone 'UTC')::date
        ) sd,
        lateral (
          select coalesce(sum(x.orders), 0) as orders, coalesce(sum(x.units), 0) as units,
            coalesce(sum(x.revenue_cents) filter (where x.currency = st.currency), 0) as revenue
          from (
            select b.orders, b.units, b.revenue_cents, b.currency from analytics_sales_buckets b
            where b.seller_id = me.user_id and b.bucket >= i.starts and b.bucket < least(i.m, i.ends)
            union all
            select b.orders, b.units, b.revenue_cents, b.currency from analytics_sales_buckets b
            where b.seller_id = me.user_id and b.bucket >= i.fe and b.bucket < i.ends
          ) x
        ) se
      ),
      series as (
        select key as start, in_range, revenue, orders, units, views, visitors from figures where not whole_period
      ),
      product_sales as (
        select product_id, sum(orders) as orders, sum(units) as units, sum(revenue) as revenue from (
          select p.product_id, p.product_orders as orders, p.units, case when p.currency = st.currency
            then p.revenue_cents else 0 end as revenue
          from cut c cross join store st
          join analytics_sales_product_days p on p.seller_id = me.user_id and p.day >= (c.mf at time zone 'UTC')::date
            and p.day < (c.tf at time zone 'UTC')::date
          union all
          select f.product_id, 1, f.units, case when f.currency = st.currency then f.revenue_cents else 0 end
          from cut c cross join store st
          join analytics_sale_facts f on f.seller_id = me.user_id and f.bucket >= c.f_at and f.bucket < least(c.mf,
            c.t_at)
          union all
          select f.product_id, 1, f.units, case when f.currency = st.currency then f.revenue_cents else 0 end
          from cut c cross join store st
          join analytics_sale_facts f on f.seller_id = me.user_id and f.bucket >= greatest(c.tf, c.mf)
            and f.bucket < c.t_at
        ) x group by product_id
      ),
      product_views as (
        select product_id, sum(views) as views from (
          select p.product_id, p.views
          from cut c join analytics_product_view_days p on p.seller_id = me.user_id
            and p.day >= (c.mf at time zone 'UTC')::date and p.day < (c.tf at time zone 'UTC')::date
          union all
          select p.product_id, p.views
          from cut c join page_view_counts p on p.seller_id = me.user_id and p.bucket >= c.f_at
            and p.bucket < least(c.mf, c.t_at) and p.kind not in ('storefront', 'bio')
          union all
          select p.product_id, p.views
          from cut c join page_view_counts p on p.seller_id = me.user_id and p.bucket >= greatest(c.tf, c.mf)
            and p.bucket < c.t_at and p.kind not in ('storefront', 'bio')
        ) x where product_id is not null group by product_id
      ),
      source_views as (
        select p.source, p.utm_source, p.utm_medium, p.utm_campaign, p.views
        from cut c join analytics_source_view_days p on p.seller_id = me.user_id
          and p.day >= (c.mf at time zone 'UTC')::date and p.day < (c.tf at time zone 'UTC')::date
        union all
        select p.source, p.utm_source, p.utm_medium, p.utm_campaign, p.views
        from cut c join page_view_counts p on p.seller_id = me.user_id and p.bucket >= c.f_at and p.bucket < least(c.mf,
          c.t_at)
        union all
        select p.source, p.utm_source, p.utm_medium, p.utm_campaign, p.views
        from cut c join page_view_counts p on p.seller_id = me.user_id and p.bucket >= greatest(c.tf, c.mf)
          and p.bucket < c.t_at
      ),
      products_out as (
        select coalesce(ps.product_id, pv.product_id) as product_id, pr.name,
          coalesce(ps.revenue, 0) as revenue, coalesce(ps.orders, 0) as orders, coalesce(ps.units, 0) as units,
            coalesce(pv.views, 0) as views
        from product_sales ps
        full join product_views pv on pv.product_id = ps.product_id
        left join products pr on pr.id = coalesce(ps.product_id, pv.product_id) and pr.user_id = me.user_id
        order by 3 desc, 6 desc, 2 nulls last
        limit ${BREAKDOWN_ROWS}
      ),
      -- Paid orders by source: whole UTC days from the per-day table, the two partial days from the sale facts.
      source_sales as (
        select p.source, p.utm_source, p.utm_medium, p.utm_campaign, p.orders,
          case when p.currency = st.currency then p.revenue_cents else 0 end as revenue
        from cut c cross join store st
        join analytics_source_sale_days p on p.seller_id = me.user_id and p.day >= (c.mf at time zone 'UTC')::date
          and p.day < (c.tf at time zone 'UTC')::date
        union all
        select o.source, o.utm_source, o.utm_medium, o.utm_campaign, f.orders, case when f.currency = st.currency
          then f.revenue_cents else 0 end
        from cut c cross join store st
        join analytics_sale_facts f on f.seller_id = me.user_id and f.bucket >= c.f_at and f.bucket < least(c.mf,
          c.t_at)
        join orders o on o.id = f.order_id
        union all
        select o.source, o.utm_source, o.utm_medium, o.utm_campaign, f.orders, case when f.currency = st.currency
          then f.revenue_cents else 0 end
        from cut c cross join store st
        join analytics_sale_facts f on f.seller_id = me.user_id and f.bucket >= greatest(c.tf, c.mf)
          and f.bucket < c.t_at
        join orders o on o.id = f.order_id
      ),
      sources_out as (
        select source, utm_source, utm_medium, utm_campaign, sum(views) as views, sum(orders) as orders,
          sum(revenue) as revenue
        from (
          select source, utm_source, utm_medium, utm_campaign, views, 0 as orders, 0 as revenue from source_views
          union all
          select source, utm_source, utm_medium, utm_campaign, 0, orders, revenue from source_sales
        ) x
        group by 1, 2, 3, 4 having sum(views) <> 0 or sum(orders) <> 0
        order by 7 desc, 5 desc, 1, 2, 3, 4 limit ${BREAKDOWN_ROWS}
      )
      select ${report}
      from span s cross join store st
    )`,
  );
}
