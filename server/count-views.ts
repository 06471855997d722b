import type { Request, RequestHandler } from "express";
import type { AppServices } from "../app/server/services.server";
import type { Runtime } from "../app/server/runtime.server";

/**
 * Counts a browser's GET of a public store page once it answered 200 or 304, unless the visitor gate holds it back.
 * Mounted before the store-page cache so cached answers count too; no cookie is read or set.
 */
export function countViews(
  { views: counter, visitors: gate }: Pick<AppServices, "views" | "visitors">,
  appUrl: string,
  {
    isBot,
    viewedPage,
    viewedPageKey,
    viewSource,
  }: Pick<Runtime, "isBot" | "viewedPage" | "viewedPageKey" | "viewSource">,
): RequestHandler {
  const ownHost = new URL(appUrl).hostname.toLowerCase();
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const page = viewedPage(req.path);
    const userAgent = req.headers["user-agent"];
    if (!page || isBot(userAgent) || isPrefetch(req)) return next();
    const time = Date.now();
    res.once("finish", () => {
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      const visitor = gate.admit(viewedPageKey(page), time, req.ip ?? "", userAgent!);
      if (!visitor) return;
      const query = req.originalUrl.indexOf("?");
      counter.record(
        page,
        time,
        viewSource(req.headers.referer, query < 0 ? "" : req.originalUrl.slice(query), ownHost),
        visitor.ip,
        visitor.userAgent,
      );
    });
    next();
  };
}

/** A browser fetching a page the visitor may never see (link prefetch, speculation rules). */
function isPrefetch(req: Request): boolean {
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  return typeof purpose === "string" && purpose.includes("prefetch");
}
