import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isPlatform } from "../post-rules";
import { trackingQuery } from "../tracking-link";

/** Where a tracking link sends people, and whose post counts the click. */
export type TrackingTarget = { postId: string; location: string };

/**
 * The redirect of a post's tracking link: the first promoted product's sales page while it is published, else the
 * store; null for an unknown code or a seller without a store.
 */
export async function resolveTrackingLink(db: Database, code: string): Promise<TrackingTarget | null> {
  const result = await db.execute<{ id: string; platform: string; handle: string | null; slug: string | null }>(sql`
    select p.id, p.platform, s.handle,
      (select pr.slug from products pr where pr.id::text = p.product_ids->>0 and pr.user_id = p.user_id
        and pr.status = 'published') as slug
    from social_posts p left join storefronts s on s.user_id = p.user_id
    where p.code = ${code}`);
  const row = result.rows[0];
  if (!row?.handle || !isPlatform(row.platform)) return null;
  const store = `/s/${encodeURIComponent(row.handle)}`;
  const path = row.slug ? `${store}/${encodeURIComponent(row.slug)}` : store;
  return { postId: row.id, location: `${path}?${trackingQuery(row.platform, code)}` };
}
