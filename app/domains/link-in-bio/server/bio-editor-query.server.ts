import { sql } from "drizzle-orm";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { coversJson, storeJson } from "~/domains/catalog/server/store-json.server";
import { storeProfileOf } from "~/domains/catalog/store-profile";
import type { BioEditorData } from "~/domains/link-in-bio/bio-editor";

const COUNTED_ORDER = sql`o.user_id = me.user_id and o.attribution_ref = 'bio:' || b.id and o.status in ('paid', 'refunded', 'disputed')`;

/** The signed-in seller's bio page, blocks with clicks, orders and revenue, products and subscribers, in one read. */
export const bioEditorQuery: PageQuery<BioEditorData> = pagePart(
  jsonObject({
    handle: sql<BioEditorData["handle"]>`(select handle from storefronts where user_id = me.user_id)`,
    timeZone: sql<BioEditorData["timeZone"]>`(select time_zone from profiles where user_id = me.user_id)`,
    profile: sql<
      BioEditorData["profile"]
    >`(select json_build_object('title', g.title, 'bio', g.bio, 'theme', g.theme, 'buttonStyle', g.button_style,
        'socials', g.socials) from bio_pages g where g.user_id = me.user_id)`,
    blocks: sql<BioEditorData["blocks"]>`coalesce((select json_agg(json_build_object(
        'id', b.id, 'kind', b.kind, 'title', b.title, 'url', b.url, 'body', b.body, 'productId', b.product_id,
        'thumbnailCoverId', b.thumbnail_cover_id, 'hidden', b.hidden, 'showFrom', b.show_from, 'showUntil',
          b.show_until,
        'clicks', (select coalesce(sum(k.clicks), 0)::int from bio_block_clicks k where k.block_id = b.id),
        'orders', (select count(*)::int from orders o where ${COUNTED_ORDER}),
        'revenue', coalesce((select json_agg(json_build_object('currency', r.currency, 'cents', r.cents)
          order by r.currency)
          from (select o.currency, sum(o.amount_cents - o.refunded_cents)::bigint as cents from orders o
            where ${COUNTED_ORDER} group by o.currency) r), '[]'::json)
      ) order by b.position, b.created_at, b.id) from bio_blocks b where b.user_id = me.user_id), '[]'::json)`,
    store: jsonRow(storeJson, sql`from storefronts s where s.user_id = me.user_id`),
    products: sql<
      BioEditorData["products"]
    >`coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'published', p.status = 'published',
        'coverId', (select c.id from product_covers c where c.product_id = p.id order by c.width limit 1),
        'slug', p.slug, 'pricing', p.pricing, 'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents,
        'suggestedPriceCents', p.suggested_price_cents, 'currency', p.currency, 'covers', ${coversJson})
      order by p.position, p.created_at, p.id) from products p where p.user_id = me.user_id), '[]'::json)`,
    subscribers: sql<number>`(select count(*)::int from customer_subscribers u
      where u.seller_id = me.user_id and u.unsubscribed_at is null)`,
    views: sql<number>`(select coalesce(sum(v.views), 0)::int from page_view_counts v
      where v.seller_id = me.user_id and v.kind = 'bio')`,
    platforms: sql<string[]>`coalesce((select m.settings->'platforms' from sales_methods m
      where m.user_id = me.user_id and m.method = 'social_media' limit 1), '[]'::jsonb)`,
  }),
  ({ store, ...rest }) => ({ ...rest, store: store ? storeProfileOf(store) : null }),
);
