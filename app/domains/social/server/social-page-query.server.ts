import { type SQL, sql } from "drizzle-orm";
import { jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { DEFAULT_CURRENCY, isCurrency } from "~/lib/money";
import { isPlatform } from "../post-rules";
import type { SocialContext, SocialPost } from "../social-post";

/** The seller's zone (profile, else the browser's), store currency, setup networks, products and store handle. */
export function socialContextQuery(fallbackTimeZone: string): PageQuery<SocialContext> {
  const json = jsonObject({
    timeZone: sql<string>`coalesce((select p.time_zone from profiles p where p.user_id = me.user_id),
      ${fallbackTimeZone}::text)`,
    currency: sql<string | null>`(select settings->>'currency' from sales_methods
      where user_id = me.user_id and method = 'online_store' limit 1)`,
    setup: sql<{ platforms?: unknown; contentTypes?: unknown } | null>`(select settings from sales_methods
      where user_id = me.user_id and method = 'social_media' limit 1)`,
    handle: sql<string | null>`(select handle from storefronts where user_id = me.user_id)`,
    products: sql<SocialContext["products"]>`coalesce((select json_agg(json_build_object('id', pr.id, 'name', pr.name,
        'status', pr.status) order by pr.name, pr.id)
      from products pr where pr.user_id = me.user_id and pr.status <> 'archived'), '[]'::json)`,
  });
  return pagePart(json, (value) => {
    const list = (items: unknown) => (Array.isArray(items) ? items.filter((item) => typeof item === "string") : []);
    return {
      timeZone: value.timeZone,
      currency: isCurrency(value.currency) ? value.currency : DEFAULT_CURRENCY,
      platforms: list(value.setup?.platforms).filter(isPlatform),
      contentTypes: list(value.setup?.contentTypes),
      products: value.products,
      handle: value.handle,
    };
  });
}

/**
 * Posts with their figures: link clicks, social views with the post's code as utm_campaign, and paid orders with the
 * post as attribution. Orders, units and revenue less refunds (store currency) come from the analytics' sale facts.
 */
function postsJson(filter: SQL) {
  return sql<
    SocialPost[]
  >`coalesce((select json_agg(json_build_object('id', p.id, 'code', p.code, 'platform', p.platform,
      'contentType', p.content_type, 'text', p.text, 'productIds', p.product_ids,
      'linkTarget', p.link_target, 'status', p.status,
      'scheduledAt', p.scheduled_at, 'timeZone', p.time_zone, 'publicUrl', p.public_url,
      'reminderSentAt', p.reminder_sent_at,
      'productGone', p.link_target = 'product' and jsonb_array_length(p.product_ids) > 0 and not exists (select 1
        from products pr
        where pr.id::text = p.product_ids->>0 and pr.user_id = p.user_id and pr.status = 'published'),
      'bioPageMissing', p.link_target = 'bio' and not exists (select 1 from bio_pages g where g.user_id = p.user_id),
      'clicks', (select coalesce(sum(c.clicks), 0) from social_post_clicks c where c.post_id = p.id),
      'views', coalesce(pv.views, 0),
      'orders', s.orders, 'units', s.units, 'revenueCents', s.revenue)
      order by p.scheduled_at nulls last, p.created_at, p.id)
    from social_posts p
    left join (
      select v.utm_campaign, sum(v.views) as views from page_view_counts v
      where v.seller_id = me.user_id and v.utm_medium = 'social' group by v.utm_campaign
    ) pv on pv.utm_campaign = p.code
    cross join lateral (
      select coalesce(sum(f.orders), 0) as orders, coalesce(sum(f.units), 0) as units,
        coalesce(sum(f.revenue_cents) filter (where f.currency = coalesce((select settings->>'currency'
          from sales_methods
          where user_id = p.user_id and method = 'online_store' limit 1), ${DEFAULT_CURRENCY}::text)), 0) as revenue
      from orders o join analytics_sale_facts f on f.order_id = o.id
      where o.user_id = p.user_id and o.attribution_ref = 'post:' || p.code
    ) s
    where p.user_id = me.user_id ${filter}), '[]'::json)`;
}

/** Every post of the seller with its figures (a seller plans hundreds at most). */
export const socialPostsQuery: PageQuery<SocialPost[]> = pagePart(postsJson(sql``), (posts) =>
  posts.filter((post) => isPlatform(post.platform)),
);

/** One of the seller's posts with its figures, or null (also for no id). */
export function socialPostQuery(postId: string | null): PageQuery<SocialPost | null> {
  if (postId === null) return { json: sql`null::json`, read: () => null };
  return pagePart(sql<SocialPost | null>`(${postsJson(sql`and p.id = ${postId}::uuid`)})->0`, (post) =>
    post && isPlatform(post.platform) ? post : null,
  );
}
