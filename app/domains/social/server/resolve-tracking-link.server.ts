import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { publishedProductSlugSql, storefrontHandleSql } from "~/domains/catalog/server/storefront-sql.server";
import { hasBioPageSql } from "~/domains/link-in-bio/server/bio-page-sql.server";
import { isPlatform } from "../post-rules";
import { type LinkTarget, trackingQuery, trackingTargetPath } from "../tracking-link";

/** Where a tracking link sends people, and whose post counts the click. */
export type TrackingTarget = { postId: string; location: string };

/**
 * The redirect of a post's tracking link: the chosen target (first promoted product's sales page while published, the
 * store, or the Link in Bio page while it exists), else the store; null for an unknown code or a storeless seller.
 */
export async function resolveTrackingLink(db: Database, code: string): Promise<TrackingTarget | null> {
  const result = await db.execute<{
    id: string;
    platform: string;
    link_target: LinkTarget;
    handle: string | null;
    slug: string | null;
    has_bio_page: boolean;
  }>(sql`
    select p.id, p.platform, p.link_target, ${storefrontHandleSql(sql`p.user_id`)} as handle,
      ${publishedProductSlugSql(sql`p.user_id`, sql`p.product_ids->>0`)} as slug,
      ${hasBioPageSql(sql`p.user_id`)} as has_bio_page
    from social_posts p
    where p.code = ${code}`);
  const row = result.rows[0];
  if (!row?.handle || !isPlatform(row.platform)) return null;
  const path = trackingTargetPath(row.link_target, {
    handle: row.handle,
    productSlug: row.slug,
    hasBioPage: row.has_bio_page,
  });
  return { postId: row.id, location: `${path}?${trackingQuery(row.platform, code)}` };
}
