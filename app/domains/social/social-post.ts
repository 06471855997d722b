// The Social Media Manager's data as pages receive it, and the per-network sums built from it.
import type { Currency } from "~/lib/money";
import type { Platform, PostStatus } from "./post-rules";
import type { LinkTarget } from "./tracking-link";

/** What a post brought: clicks on its link, store views and paid orders that came through it. */
export type PostFigures = { clicks: number; views: number; orders: number; units: number; revenueCents: number };

/** A planned post with its figures. */
export type SocialPost = PostFigures & {
  id: string;
  code: string;
  platform: Platform;
  contentType: string;
  text: string;
  productIds: string[];
  linkTarget: LinkTarget;
  status: PostStatus;
  scheduledAt: string | null;
  timeZone: string;
  publicUrl: string | null;
  reminderSentAt: string | null;
  /** The link's product was deleted, archived or unpublished: the link opens the store instead. */
  productGone: boolean;
  /** The link should open the Link in Bio page, which the seller has not published: it opens the store instead. */
  bioPageMissing: boolean;
};

/** The seller's context for planning: zone, networks and content types from the setup, products, store. */
export type SocialContext = {
  timeZone: string;
  currency: Currency;
  platforms: Platform[];
  contentTypes: string[];
  products: { id: string; name: string; status: string }[];
  handle: string | null;
};

/** A network's figures: the sum of its posts'. */
export type PlatformFigures = PostFigures & { platform: Platform; posts: number };

const ZERO: PostFigures = { clicks: 0, views: 0, orders: 0, units: 0, revenueCents: 0 };

/** Each network's summed figures, in the order the posts' networks first appear. */
export function platformFigures(posts: readonly SocialPost[]): PlatformFigures[] {
  const byPlatform = new Map<Platform, PlatformFigures>();
  for (const post of posts) {
    const into = byPlatform.get(post.platform) ?? { platform: post.platform, posts: 0, ...ZERO };
    into.posts += 1;
    into.clicks += post.clicks;
    into.views += post.views;
    into.orders += post.orders;
    into.units += post.units;
    into.revenueCents += post.revenueCents;
    byPlatform.set(post.platform, into);
  }
  return [...byPlatform.values()];
}
