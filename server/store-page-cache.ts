import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { type CompressedBody, type CompressionLevels, compressOnce, sendCompressed } from "./compressed-body";

/** At most this many pages are kept, the oldest going first. */
export const STORE_PAGE_CACHE_ENTRIES = 1000;

/** The public store page documents. */
const STORE_PAGE = /^\/s\/[^/.]+(?:\/[^/.]+(?:\/buy)?)?$/;

type Rendered = { status: number; headers: Headers; body: Buffer };
type Entry = { expires: number; status: number; headers: [string, string][]; body: CompressedBody; etag: string };

/** Quick levels, as a page is kept only seconds. */
const STORE_PAGE_COMPRESSION: CompressionLevels = { brotliQuality: 5, gzipLevel: 6 };

/** Query parameters that change a store page, with the values kept; others are ignored, as tracking tags are. */
const KEPT_QUERY: Record<string, RegExp> = {
  variant: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  quantity: /^\d{1,3}$/,
};
/** The sales page's variant picker posts these: the page answers them with a redirect, never from memory. */
const PICKER_QUERY = /^option-\d+$/;

/** An embed-mode page answers with its seller's frame-ancestors: rendered per request. */
const EMBED_QUERY = "embed";

/** Links that carry an attribution: the page's Buy links must carry it on, so it is rendered per request. */
const ATTRIBUTION_QUERY = /^(?:src|via|utm_source|utm_medium|utm_campaign)$/;

/** The page's cache key, the path with its kept query in a fixed order; null when the request must be rendered. */
export function storePageKey(path: string, query: URLSearchParams): string | null {
  const kept: string[] = [];
  for (const name of query.keys())
    if (PICKER_QUERY.test(name) || name === EMBED_QUERY || ATTRIBUTION_QUERY.test(name)) return null;
  for (const [name, pattern] of Object.entries(KEPT_QUERY)) {
    const values = query.getAll(name);
    if (values.length === 0) continue;
    if (values.length > 1 || !pattern.test(values[0]!)) return null;
    kept.push(`${name}=${encodeURIComponent(values[0]!.toLowerCase())}`);
  }
  return kept.length ? `${path}?${kept.join("&")}` : path;
}

/** A buy page asked for a variant or quantity (`/buy?variant=…`): a page of its own, rendered per request. */
const BUY_PAGE_WITH_QUERY = /\/buy$/;

/** A render that must not be shared: a page with a script (its nonce is per request) or one person's page. */
const UNSHARED = /\b(?:private|no-store)\b/;

/** Statuses worth keeping; not 404, whose keys are unbounded. */
const CACHED_STATUSES = new Set([200, 410]);
/** Headers of the render kept with the page. */
const KEPT_HEADERS = ["content-type", "cache-control"];

/** Serves store pages to signed-out visitors from memory for `seconds`, sharing each render. */
export function createStorePageCache({
  render,
  csp,
  seconds,
  personalised,
  now = Date.now,
}: {
  /** Renders `key`: the path and the query that matters (storePageKey). */
  render: (req: Request, key: string) => Promise<Rendered>;
  /** The page's CSP, or one by path. */
  csp: string | ((pathname: string) => string);
  /** How long a rendered page is served; 0 turns the cache off. */
  seconds: number;
  /** The cookies of a personalised request (a session, a toast), which is always rendered. */
  personalised: RegExp;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();

  async function fill(req: Request, key: string): Promise<Entry | null> {
    const rendered = await render(req, key);
    if (!CACHED_STATUSES.has(rendered.status) || UNSHARED.test(rendered.headers.get("cache-control") ?? ""))
      return null;
    const entry: Entry = {
      expires: now() + seconds * 1000,
      status: rendered.status,
      headers: KEPT_HEADERS.flatMap((name) => {
        const value = rendered.headers.get(name);
        return value ? [[name, value] as [string, string]] : [];
      }),
      body: compressOnce(rendered.body, STORE_PAGE_COMPRESSION),
      etag: `"${createHash("sha1").update(rendered.body).digest("base64url")}"`,
    };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > STORE_PAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return async function storePageCache(req: Request, res: Response, next: NextFunction) {
    if (
      seconds <= 0 ||
      (req.method !== "GET" && req.method !== "HEAD") ||
      !STORE_PAGE.test(req.path) ||
      (BUY_PAGE_WITH_QUERY.test(req.path) && req.originalUrl.includes("?")) ||
      personalised.test(req.headers.cookie ?? "")
    ) {
      return next();
    }
    const key = storePageKey(req.path, new URL(req.originalUrl, "http://localhost").searchParams);
    if (key === null) return next();
    let entry = entries.get(key);
    if (!entry || entry.expires <= now()) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fill(req, key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      try {
        entry = (await pending) ?? undefined;
      } catch {
        entry = undefined;
      }
      if (!entry) return next();
    }
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", typeof csp === "string" ? csp : csp(req.path));
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    if (entry.status === 200 && req.headers["if-none-match"] === entry.etag) return void res.status(304).end();
    sendCompressed(req, res, next, entry.body, { status: entry.status });
  };
}
