import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { PERSONALISED_COOKIE_PATTERN } from "../app/server/http/session-cookie.server";
import { type CompressedBody, type CompressionLevels, compressOnce, sendCompressed } from "./compressed-body";

// A creator's public store pages (storefront, sales page, buy page) are served from memory to signed-out
// visitors for STORE_PAGE_CACHE_SECONDS (default 5) once rendered: a 'microcache'. An edit shows to the public
// within that time; the creator, signed in, always gets the page rendered for them (drafts, the preview banner).
// Issue 14's budget (a sales page at ≥ 70% of a static file's req/s, p99 < 50 ms at 100 connections) is out of
// reach with a render per request (≈ 6–9 ms of server time each here).

/** At most this many pages are kept (the oldest go first): about 30 KB each with the compressed copies asked for. */
export const STORE_PAGE_CACHE_ENTRIES = 1000;

/** The public store pages: /s/:handle, /s/:handle/:slug and /s/:handle/:slug/buy (documents, not `.data`). */
const STORE_PAGE = /^\/s\/[^/.]+(?:\/[^/.]+(?:\/buy)?)?$/;

type Rendered = { status: number; headers: Headers; body: Buffer };
type Entry = { expires: number; status: number; headers: [string, string][]; body: CompressedBody; etag: string };

/** A page is kept seconds, not for the server's life: quick levels (each compressed on its first request). */
const STORE_PAGE_COMPRESSION: CompressionLevels = { brotliQuality: 5, gzipLevel: 6 };

/** Statuses worth keeping: the page, and an archived product's 'no longer available' (410). Not 404s (unbounded keys). */
const CACHED_STATUSES = new Set([200, 410]);
/** Headers of the render that are kept with the page (the CSP is the caller's: these pages carry no script). */
const KEPT_HEADERS = ["content-type", "cache-control"];

/**
 * Express middleware serving store pages from memory to requests without a session or toast cookie; a miss
 * renders once (concurrent misses of one page share that render) through `render`, which answers the page as the
 * React Router handler would. Anything else, and any render that fails, goes on to `next`.
 */
export function createStorePageCache({
  render,
  csp,
  seconds,
  now = Date.now,
}: {
  render: (req: Request) => Promise<Rendered>;
  /** The page's CSP (one string, or by path: the buy page may be framed, the others not). */
  csp: string | ((pathname: string) => string);
  /** How long a rendered page is served; 0 turns the cache off. */
  seconds: number;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();

  async function fill(req: Request): Promise<Entry | null> {
    const rendered = await render(req);
    if (!CACHED_STATUSES.has(rendered.status)) return null;
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
    entries.delete(req.path);
    entries.set(req.path, entry);
    if (entries.size > STORE_PAGE_CACHE_ENTRIES) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return async function storePageCache(req: Request, res: Response, next: NextFunction) {
    if (
      seconds <= 0 ||
      (req.method !== "GET" && req.method !== "HEAD") ||
      !STORE_PAGE.test(req.path) ||
      PERSONALISED_COOKIE_PATTERN.test(req.headers.cookie ?? "")
    ) {
      return next();
    }
    let entry = entries.get(req.path);
    if (!entry || entry.expires <= now()) {
      let pending = inFlight.get(req.path);
      if (!pending) {
        pending = fill(req).finally(() => inFlight.delete(req.path));
        inFlight.set(req.path, pending);
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
