/** The most websites a seller may allow to show their checkout. */
export const ALLOWED_ORIGINS_MAX = 20;

/** What a typed origin may be: scheme, host and port, then at most one slash (no user, path or query). */
const ORIGIN_TEXT = /^https?:\/\/[^/?#\\@\s\p{Cc}]+\/?$/iu;
/** A host the CSP reads as one source: DNS labels of letters, digits and hyphens (punycode for others), or IPv4. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The `http(s)://host[:port]` origin of `value`, host in punycode; null for anything else (it could reach the CSP). */
export function parseAllowedOrigin(value: string): string | null {
  const trimmed = value.trim();
  if (!ORIGIN_TEXT.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return HOST.test(url.hostname) ? url.origin : null;
}

/** The origins a seller allows to frame their checkout: their website's and each listed one, valid and distinct. */
export function allowedOriginsOf(settings: Record<string, unknown> | null | undefined): string[] {
  if (!settings) return [];
  const listed = Array.isArray(settings.allowedOrigins) ? settings.allowedOrigins : [];
  const candidates = [typeof settings.websiteUrl === "string" ? originOfUrl(settings.websiteUrl) : null, ...listed];
  const origins = new Set<string>();
  for (const candidate of candidates) {
    const origin = typeof candidate === "string" ? parseAllowedOrigin(candidate) : null;
    if (origin) origins.add(origin);
  }
  return [...origins].slice(0, ALLOWED_ORIGINS_MAX + 1);
}

function originOfUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The query an embed-mode page carries: `embed=1` and the host page's origin. */
export type EmbedQuery = { host: string };

/** The embed mode of a request's query: the host origin when `embed=1` and `host` is an http(s) origin; else null. */
export function embedQueryOf(query: URLSearchParams): EmbedQuery | null {
  if (query.get("embed") !== "1") return null;
  const host = parseAllowedOrigin(query.get("host") ?? "");
  return host ? { host } : null;
}

/** `url` with the embed-mode query added, so the next checkout page stays framed for the same host. */
export function withEmbedQuery(url: string, embed: EmbedQuery | null): string {
  if (!embed) return url;
  const separator = url.includes("?") ? "&" : "?";
  return `${url}${separator}embed=1&host=${encodeURIComponent(embed.host)}`;
}

/**
 * Where a started checkout sends the buyer: our own pages keep the embed mode; a payment provider's page, which refuses
 * frames, is offered from the order's return page to open in a new tab.
 */
export function checkoutRedirect(
  started: { redirectUrl: string; returnUrl: string },
  appUrl: string,
  embed: EmbedQuery | null,
): string {
  if (!embed || started.redirectUrl.startsWith(`${appUrl}/`)) return withEmbedQuery(started.redirectUrl, embed);
  return `${withEmbedQuery(started.returnUrl, embed)}&pay=${encodeURIComponent(started.redirectUrl)}`;
}
