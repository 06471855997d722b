// What counts as a page view (issue 16.1), decided from the request alone: pure functions, no I/O.

/** The public pages whose views are counted. */
export type ViewKind = "storefront" | "sales" | "buy";

/** A counted page as its path names it; sellers and products are resolved from these when the views are written. */
export type ViewedPage = { kind: "storefront"; handle: string } | { kind: "sales" | "buy"; handle: string; slug: string } | { kind: "buy"; buyPageId: string };

const STORE_PATH = /^\/s\/([^/.]+)(?:\/([^/.]+)(\/buy)?)?$/;
const BUY_PATH = /^\/buy\/([0-9a-f-]{36})$/i;

/** The counted page a path names: /s/:handle, /s/:handle/:slug, /s/:handle/:slug/buy, /buy/:id; null otherwise. */
export function viewedPage(pathname: string): ViewedPage | null {
  const store = STORE_PATH.exec(pathname);
  if (store) {
    const [, handle, slug, buy] = store;
    if (!slug) return { kind: "storefront", handle: decode(handle!) };
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

/**
 * User agents that are not people: search and social crawlers, link-preview fetchers, monitors, headless
 * browsers and HTTP libraries. A missing user agent is not a browser either.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|scrap|preview|embed|facebookexternalhit|meta-externalagent|whatsapp|telegram|skype|discord|slack|headless|phantomjs|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|^node$|libwww|http_request|postman|insomnia|feedfetcher|rss/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.length < 8 || BOT_USER_AGENT.test(userAgent);
}

/** Longest stored referrer host or utm value (longer ones are cut). */
export const MAX_SOURCE_LENGTH = 100;

export type ViewSource = { source: string; utmSource: string; utmMedium: string; utmCampaign: string };

/**
 * Where a view came from: the referrer's host without `www.` ('direct' when there is none, it is not http(s), or
 * it is this site itself: a visitor moving between pages), and the utm_source / utm_medium / utm_campaign of the
 * query ('' when absent), lower-cased and cut to MAX_SOURCE_LENGTH.
 */
export function viewSource(referrer: string | undefined, search: string, ownHost: string): ViewSource {
  const params = search.length > 1 ? new URLSearchParams(search) : null;
  return {
    source: referrerHost(referrer, ownHost),
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

/** Views are counted in buckets of this many minutes (any time zone's calendar days are whole buckets). */
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
