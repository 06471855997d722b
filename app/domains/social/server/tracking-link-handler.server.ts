import type { IncomingMessage, ServerResponse } from "node:http";
import { isBot } from "~/domains/analytics/content/view-rules";
import type { AppServices } from "~/server/services.server";
import { isLinkPreview } from "../tracking-link";
import { createUnknownCodeLimit } from "./unknown-code-limit.server";
import { resolveTrackingLink, type TrackingTarget } from "./resolve-tracking-link.server";

/** How long a resolved link is reused before the database is asked again. */
const CACHE_MS = 5000;
const CACHE_MAX = 10_000;

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Link not found</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Link not found</h1>
<p>This link does not lead anywhere (any more). Please check the address.</p></body></html>`;

const TOO_MANY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Too many requests</h1>
<p>Too many links that do not exist were asked for from your address. Please wait a minute and try again.</p></body></html>`;

/**
 * GET/HEAD /t/:code: a 302 to the post's product or store with its attribution in the query. A person's GET is
 * counted in memory by the visitor gate's rule (once per link and window, an address's caps). Bots, link
 * previews, HEAD and prefetches are not counted.
 * An address asking for many unknown codes gets 429 with Retry-After.
 */
export function createTrackingLinkHandler(services: Pick<AppServices, "db" | "postClicks" | "visitors">) {
  const cache = new Map<string, { target: TrackingTarget | null; until: number }>();
  const misses = createUnknownCodeLimit();
  return async (req: IncomingMessage, res: ServerResponse, code: string, ip: string): Promise<void> => {
    const now = Date.now();
    let cached = cache.get(code);
    if (!cached || cached.until < now) {
      if (cache.size >= CACHE_MAX) cache.clear();
      cached = { target: await resolveTrackingLink(services.db, code), until: now + CACHE_MS };
      cache.set(code, cached);
    }
    const { target } = cached;
    const common = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
    if (!target) {
      const wait = misses.refuseMiss(now, ip);
      if (wait !== null) {
        res.writeHead(429, {
          ...common,
          "Retry-After": String(wait),
          "Content-Type": "text/html; charset=utf-8",
          "Content-Length": Buffer.byteLength(TOO_MANY_PAGE),
        });
        res.end(req.method === "HEAD" ? undefined : TOO_MANY_PAGE);
        return;
      }
      res.writeHead(404, {
        ...common,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": Buffer.byteLength(NOT_FOUND_PAGE),
      });
      res.end(req.method === "HEAD" ? undefined : NOT_FOUND_PAGE);
      return;
    }
    if (counts(req) && services.visitors.admit(`post\t${target.postId}`, now, ip, req.headers["user-agent"]!))
      services.postClicks.record(target.postId, now);
    res.writeHead(302, { ...common, Location: target.location, "Content-Length": 0 });
    res.end();
  };
}

/** A person's click: a GET from a browser that is neither a bot, a link preview nor a prefetch. */
function counts(req: IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const userAgent = req.headers["user-agent"];
  if (isBot(userAgent) || isLinkPreview(userAgent)) return false;
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  return !(typeof purpose === "string" && purpose.includes("prefetch"));
}
