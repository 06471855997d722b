// What counts as a page view, decided from the request alone.
import { isbot } from "isbot";
import { RESERVED_PRODUCT_SLUGS } from "~/domains/catalog/slugify";

/** The public pages whose views are counted. */
export type ViewKind = "storefront" | "sales" | "buy" | "bio";

/** The store path segment of the Link in Bio page, `/s/:handle/links`; no product may take it as its slug. */
export const BIO_PAGE_SEGMENT = RESERVED_PRODUCT_SLUGS[0]!;

/** A counted page as its path names it; sellers and products are resolved when written. */
export type ViewedPage =
  | { kind: "storefront"; handle: string }
  | { kind: "bio"; handle: string }
  | { kind: "sales" | "buy"; handle: string; slug: string }
  | { kind: "buy"; buyPageId: string };

const STORE_PATH = /^\/s\/([^/.]+)(?:\/([^/.]+)(\/buy)?)?$/;
const BUY_PATH = /^\/buy\/([0-9a-f-]{36})$/i;

/** The counted page a path names, or null. */
export function viewedPage(pathname: string): ViewedPage | null {
  const store = STORE_PATH.exec(pathname);
  if (store) {
    const [, handle, slug, buy] = store;
    if (!slug) return { kind: "storefront", handle: decode(handle!) };
    if (slug === BIO_PAGE_SEGMENT && !buy) return { kind: "bio", handle: decode(handle!) };
    return { kind: buy ? "buy" : "sales", handle: decode(handle!), slug: decode(slug) };
  }
  const buyPage = BUY_PATH.exec(pathname);
  return buyPage ? { kind: "buy", buyPageId: buyPage[1]!.toLowerCase() } : null;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** User agents that are not people, including missing or very short ones. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 8 || isbot(userAgent);
}

/** A browser fetching a page the visitor may never see (link prefetch, speculation rules), by its purpose header. */
export function isPrefetch(purpose: string | null | undefined): boolean {
  return typeof purpose === "string" && purpose.includes("prefetch");
}

/** A visitor's repeated views or clicks of one target (page, bio block, tracking link) within this time count once. */
export const REPEAT_VISIT_WINDOW_MS = 30 * 60_000;
/** Views and clicks one address (an IPv6 /64 as one) can add per UTC day, per app instance. */
export const MAX_COUNTS_PER_ADDRESS_PER_DAY = 100;
/** Views or clicks one address can add to one target per UTC day, per instance, whatever user agents it sends. */
export const MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY = 10;
/** Distinct visitors one address can add per UTC day, per instance; more count as its first. */
export const MAX_VISITORS_PER_ADDRESS_PER_DAY = 10;
/** Distinct sources kept per seller and UTC day; later new ones become OTHER_SOURCE. */
export const MAX_SOURCES_PER_SELLER_PER_DAY = 100;
/** The source of views past MAX_SOURCES_PER_SELLER_PER_DAY; no host has parentheses. */
export const OTHER_SOURCE = "(other)";

/** One string per counted page, equal for equal pages however their paths were encoded. */
export function viewedPageKey(page: ViewedPage): string {
  if ("buyPageId" in page) return `buy-page\t${page.buyPageId}`;
  if (page.kind === "storefront" || page.kind === "bio") return `${page.kind}\t${page.handle}`;
  return `${page.kind}\t${page.handle}\t${page.slug}`;
}

/** Longest stored referrer host or utm value; longer ones are cut. */
export const MAX_SOURCE_LENGTH = 100;

/**
 * The query parameter that carries a source from page to page inside the store (sales page → checkout), so a
 * sale keeps the source of the view that led to it without a cookie.
 */
export const CARRIED_SOURCE_PARAM = "src";
/** The carried source of visits through a Link in Bio page. */
export const LINK_IN_BIO_SOURCE = "bio";

/** A carried source: a host, `embed:<host>`, or a named place such as `bio`. */
const CARRIED_SOURCE_PATTERN = /^[a-z0-9][a-z0-9.:-]{0,99}$/;

export type ViewSource = { source: string; utmSource: string; utmMedium: string; utmCampaign: string };

/**
 * Where a view came from: `embed:<host>` for an embed-mode checkout on a seller's website, else a carried source,
 * else the referrer host, or 'direct' for none, non-http or this site, plus normalised utm values.
 */
export function viewSource(referrer: string | undefined, search: string, ownHost: string): ViewSource {
  const params = search.length > 1 ? new URLSearchParams(search) : null;
  const embedded = params?.get("embed") === "1" ? referrerHost(params.get("host") ?? "", ownHost) : "direct";
  const carried = params?.get(CARRIED_SOURCE_PARAM) ?? "";
  return {
    source:
      embedded !== "direct"
        ? `embed:${embedded}`.slice(0, MAX_SOURCE_LENGTH)
        : CARRIED_SOURCE_PATTERN.test(carried)
          ? carried
          : referrerHost(referrer, ownHost),
    utmSource: utm(params?.get("utm_source")),
    utmMedium: utm(params?.get("utm_medium")),
    utmCampaign: utm(params?.get("utm_campaign")),
  };
}

function referrerHost(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return "direct";
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return "direct";
    host = url.hostname.toLowerCase();
  } catch {
    return "direct";
  }
  if (host === ownHost) return "direct";
  return (host.startsWith("www.") ? host.slice(4) : host).slice(0, MAX_SOURCE_LENGTH);
}

function utm(value: string | null | undefined): string {
  return (value ?? "").trim().toLowerCase().slice(0, MAX_SOURCE_LENGTH);
}

/** Bucket length in minutes, so any time zone's calendar days are whole buckets. */
export const BUCKET_MINUTES = 15;

/** The start of the bucket holding `time`. */
export function bucketOf(time: number): number {
  const size = BUCKET_MINUTES * 60_000;
  return Math.floor(time / size) * size;
}

/** The UTC day (YYYY-MM-DD) of `time`: the day whose salt hashes its visitors. */
export function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
