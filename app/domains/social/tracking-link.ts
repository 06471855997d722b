// A post's tracking link: a short store URL that redirects with the post's attribution in the query.
import { ATTRIBUTION_REF_PARAM } from "~/domains/analytics/content/attribution";
import { BIO_PAGE_SEGMENT, CARRIED_SOURCE_PARAM } from "~/domains/analytics/content/view-rules";
import { productPagePath, storePath } from "~/domains/catalog/store-profile";
import type { Platform } from "./post-rules";

/** Where tracking links live: `/t/<code>`. */
export const TRACKING_PATH_PREFIX = "/t/";
/** Tracking codes: lowercase letters and digits, so utm values (stored lowercased) keep them intact. */
export const TRACKING_CODE_PATTERN = /^[a-z0-9]{8}$/;
const TRACKING_PATH = /^\/t\/([a-z0-9]{8})\/?$/;
const CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** The attribution ref a post's orders carry: `post:<code>`. */
export const postRef = (code: string): string => `post:${code}`;

/** A fresh random tracking code. */
export function newTrackingCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}

/** The tracking code a request path names, or null. */
export function trackingCodeOf(pathname: string): string | null {
  return TRACKING_PATH.exec(pathname)?.[1] ?? null;
}

/** What a post's tracking link can open, as the post form offers it. */
export const LINK_TARGETS = [
  { value: "product", label: "A promoted product" },
  { value: "store", label: "My store" },
  { value: "bio", label: "My Link in Bio page" },
] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number]["value"];
export const LINK_TARGET_VALUES = LINK_TARGETS.map((target) => target.value) as [LinkTarget, ...LinkTarget[]];

/** The label of a link target, as the post form names it. */
export function linkTargetLabel(target: LinkTarget): string {
  return LINK_TARGETS.find((option) => option.value === target)?.label ?? LINK_TARGETS[0].label;
}

/**
 * The page a tracking link opens: the chosen product's sales page or bio page while it is live, else the store.
 * `productSlug` is the first promoted product's slug while published.
 */
export function trackingTargetPath(
  target: LinkTarget,
  store: { handle: string; productSlug: string | null; hasBioPage: boolean },
): string {
  if (target === "product" && store.productSlug) return productPagePath(store.handle, store.productSlug);
  if (target === "bio" && store.hasBioPage) return `${storePath(store.handle)}/${BIO_PAGE_SEGMENT}`;
  return storePath(store.handle);
}

/** The full tracking link of a post. */
export function trackingUrl(appUrl: string, code: string): string {
  return `${appUrl}${TRACKING_PATH_PREFIX}${code}`;
}

/** The query a tracking link adds to its target: the network as source, the post as ref and campaign. */
export function trackingQuery(platform: Platform, code: string): string {
  const params = new URLSearchParams();
  params.set(CARRIED_SOURCE_PARAM, platform);
  params.set(ATTRIBUTION_REF_PARAM, postRef(code));
  params.set("utm_source", platform);
  params.set("utm_medium", "social");
  params.set("utm_campaign", code);
  return params.toString();
}

/** Link-preview fetchers some bot lists miss: they unfurl a shared link, nobody clicked it. */
const LINK_PREVIEW_AGENTS =
  /facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|slackbot|slack-imgproxy|discordbot|whatsapp|telegrambot|linkedinbot|pinterest|snapchat|skypeuripreview|iframely|embedly|redditbot|applebot|vkshare|bitlybot|mastodon|bluesky|cardyb/i;

/** Whether a user agent is a link-preview fetcher. */
export function isLinkPreview(userAgent: string | undefined): boolean {
  return Boolean(userAgent && LINK_PREVIEW_AGENTS.test(userAgent));
}
