// What an order records of where its buyer came from, carried in links instead of a cookie.
import { CARRIED_SOURCE_PARAM, LINK_IN_BIO_SOURCE, type ViewSource, viewSource } from "./view-rules";

/** Where an order came from: its view source and utm values, and the tracked link or block that led to it. */
export type OrderAttribution = ViewSource & { ref: string | null };

/** The query parameter naming the tracked thing a visitor arrived through, `kind:id` (a post's link, a bio block). */
export const ATTRIBUTION_REF_PARAM = "via";
const REF_PATTERN = /^[a-z]{1,16}:[A-Za-z0-9_-]{1,64}$/;

/** No known origin. */
export const DIRECT_ATTRIBUTION: OrderAttribution = {
  source: "direct",
  utmSource: "",
  utmMedium: "",
  utmCampaign: "",
  ref: null,
};

/** The attribution of a request: its query's carried values first, else its referrer. */
export function attributionOf(search: string, referrer: string | undefined, ownHost: string): OrderAttribution {
  const ref = new URLSearchParams(search).get(ATTRIBUTION_REF_PARAM) ?? "";
  return { ...viewSource(referrer, search, ownHost), ref: REF_PATTERN.test(ref) ? ref : null };
}

/** The query (no `?`) that carries an attribution to the next page; empty for a direct visit. */
export function attributionQuery(attribution: OrderAttribution): string {
  const params = new URLSearchParams();
  if (attribution.source !== "direct") params.set(CARRIED_SOURCE_PARAM, attribution.source);
  if (attribution.utmSource) params.set("utm_source", attribution.utmSource);
  if (attribution.utmMedium) params.set("utm_medium", attribution.utmMedium);
  if (attribution.utmCampaign) params.set("utm_campaign", attribution.utmCampaign);
  if (attribution.ref) params.set(ATTRIBUTION_REF_PARAM, attribution.ref);
  return params.toString();
}

/** `path` with the attribution's query added to any query it has. */
export function withAttribution(path: string, attribution: OrderAttribution): string {
  const query = attributionQuery(attribution);
  if (!query) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** A source as people read it: "Direct or unknown", "Link in bio", "shop.example (embedded checkout)", or the host. */
export function sourceLabel(source: string): string {
  if (source === "direct") return "Direct or unknown";
  if (source === LINK_IN_BIO_SOURCE) return "Link in bio";
  return source.startsWith("embed:") ? `${source.slice("embed:".length)} (embedded checkout)` : source;
}
