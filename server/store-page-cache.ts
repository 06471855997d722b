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
  render: (req: Request) => Promise<Rendered>;
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
      personalised.test(req.headers.cookie ?? "")
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
