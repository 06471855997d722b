import { createServer, type RequestListener, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { ANSWER_WITHOUT_WAITING } from "./discard-unread-body";
import { COVER_MAX_BYTES } from "../app/features/catalog/schemas/product";
import { AVATAR_MAX_BYTES } from "../app/features/workspace/schemas/business-profile";
import { FILE_TOO_LARGE_MESSAGE, UPLOADS_PATH } from "../app/features/catalog/content/product-files";
import { MAX_PRODUCT_FILE_BYTES } from "../app/features/catalog/content/product-types";

/**
 * What a request may send, decided before a byte of its body is read (issue 13): a cap per route on the
 * declared size, a time limit for the body to arrive, and the hosts the site answers to.
 */

/** Forms and JSON calls: a few KB of fields, with generous room (the largest form today is under 8 KB). */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
/** Pages whose forms carry a profile picture (at most AVATAR_MAX_BYTES) besides their fields. */
export const AVATAR_FORM_BODY_LIMIT_BYTES = AVATAR_MAX_BYTES + FORM_BODY_LIMIT_BYTES;
/**
 * The product form (issue 14): a cover image (at most COVER_MAX_BYTES) and up to 20,000 characters of Markdown
 * (up to 4 bytes each in UTF-8, 3 more when percent-encoded) besides its other fields.
 */
export const PRODUCT_FORM_BODY_LIMIT_BYTES = COVER_MAX_BYTES + 256 * 1024;
/** No form accepts more; product files go through the tus endpoint, which has its own cap (below). */
export const GLOBAL_BODY_LIMIT_BYTES = Math.max(AVATAR_FORM_BODY_LIMIT_BYTES, PRODUCT_FORM_BODY_LIMIT_BYTES);
/**
 * The tus endpoint of product files streams each PATCH to the store: at most a whole file in one request. Its
 * time is the server's request backstop (REQUEST_TIMEOUT_MS): the browser sends UPLOAD_CHUNK_BYTES per PATCH.
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_PRODUCT_FILE_BYTES;
/** The whole body of a form must arrive within this time (a slow-body client holds a connection and memory). */
export const FORM_BODY_TIMEOUT_MS = 10_000;
/** The avatar forms may take longer on a slow line: the time for their cap at 64 KB/s, at least the form timeout. */
export const AVATAR_FORM_BODY_TIMEOUT_MS = Math.max(FORM_BODY_TIMEOUT_MS, Math.ceil(AVATAR_FORM_BODY_LIMIT_BYTES / (64 * 1024)) * 1_000);
/** The product form's cover at the same 64 KB/s. */
export const PRODUCT_FORM_BODY_TIMEOUT_MS = Math.max(FORM_BODY_TIMEOUT_MS, Math.ceil(PRODUCT_FORM_BODY_LIMIT_BYTES / (64 * 1024)) * 1_000);
/** Payment providers' webhooks (issue 15): JSON events, up to 1 MB (Stripe's largest are far smaller). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** POST /api/webhooks/:provider: signed by the provider, not sent by a browser (no Origin, no session). */
export function isWebhookPath(pathname: string): boolean {
  return /^\/api\/webhooks\/[^/]+$/.test(pathname);
}
/** The product form's pages: a new product, and a product's editor (its id). */
const PRODUCT_FORM_PAGE = /^\/tools\/products\/(new|[0-9a-f-]{36})$/i;

export const TOO_LARGE_MESSAGE = "The request is too large.";
export const LENGTH_REQUIRED_MESSAGE = "Please send the request with a Content-Length.";
export const TOO_SLOW_MESSAGE = "The request took too long to arrive. Please try again.";
export const UNKNOWN_HOST_MESSAGE = "This server does not answer for that host name.";

/** The body cap and the time allowed for a route (paths with their data suffix, `/settings.data`, included). */
export function bodyLimitFor(pathname: string): { bytes: number; timeoutMs: number } {
  if (isUploadPath(pathname)) return { bytes: UPLOAD_BODY_LIMIT_BYTES, timeoutMs: REQUEST_TIMEOUT_MS };
  const page = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (page === "/settings" || page === "/auth") return { bytes: AVATAR_FORM_BODY_LIMIT_BYTES, timeoutMs: AVATAR_FORM_BODY_TIMEOUT_MS };
  if (PRODUCT_FORM_PAGE.test(page)) return { bytes: PRODUCT_FORM_BODY_LIMIT_BYTES, timeoutMs: PRODUCT_FORM_BODY_TIMEOUT_MS };
  if (isWebhookPath(page)) return { bytes: WEBHOOK_BODY_LIMIT_BYTES, timeoutMs: FORM_BODY_TIMEOUT_MS };
  return { bytes: FORM_BODY_LIMIT_BYTES, timeoutMs: FORM_BODY_TIMEOUT_MS };
}

/** The tus endpoint and its uploads (`/api/uploads`, `/api/uploads/<id>`). */
export function isUploadPath(pathname: string): boolean {
  return pathname === UPLOADS_PATH || pathname.startsWith(`${UPLOADS_PATH}/`);
}

function refuse(req: Request, res: Response, status: number, message: string) {
  res.locals[ANSWER_WITHOUT_WAITING] = true; // no lingering for a body that is refused
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  // tus clients read a plain-text body (as the tus endpoint's own answers are).
  if (isUploadPath(req.path)) res.status(status).type("text/plain").send(message);
  else if (req.path.startsWith("/api/") || req.path.endsWith(".data") || !req.accepts("html")) res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}

/**
 * Every request with a body: refused with 413 when its declared length is over the route's cap (before it is
 * read: a 300 MB POST costs nothing), 411 when it declares none (chunked: browsers always send a length for
 * forms and fetch), and 408 when it has not fully arrived in the route's time.
 */
export function limitRequestBody(req: Request, res: Response, next: NextFunction) {
  const chunked = req.headers["transfer-encoding"] !== undefined;
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!chunked && !(declared > 0)) return next();
  if (chunked) return refuse(req, res, 411, LENGTH_REQUIRED_MESSAGE);
  const limit = bodyLimitFor(req.path);
  if (isUploadPath(req.path)) {
    if (declared > limit.bytes) return refuse(req, res, 413, FILE_TOO_LARGE_MESSAGE);
  } else if (declared > Math.min(limit.bytes, GLOBAL_BODY_LIMIT_BYTES)) return refuse(req, res, 413, TOO_LARGE_MESSAGE);
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (res.headersSent) return void req.socket.destroy();
    res.once("finish", () => req.socket.destroySoon());
    refuse(req, res, 408, TOO_SLOW_MESSAGE);
  }, limit.timeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  // Not cleared when the answer is sent: a body still trickling in after an early answer (a 405, a redirect)
  // would otherwise hold the connection until the request timeout.
  req.once("end", clear);
  req.once("close", clear);
  next();
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Which Host headers and Origins are this site. APP_URL's own; and when APP_URL is a loopback address (local
 * use) any loopback name on the same port — `localhost` and `127.0.0.1` are the same server — or on any port
 * when APP_URL was left at its default with PORT=0 (the port is only known once listening). Nothing is taken
 * from the request's own Host: a DNS-rebinding page has a name of its own, which is refused.
 */
export function createSiteCheck(appUrl: string) {
  const own = new URL(appUrl);
  const ownPort = own.port || (own.protocol === "https:" ? "443" : "80");
  const loopbackSite = LOOPBACK_NAMES.has(own.hostname);
  const isOwnHost = (value: string | undefined): boolean => {
    const host = (value ?? "").toLowerCase();
    if (host === own.host) return true;
    if (!loopbackSite || !/^[a-z0-9.:[\]-]+$/.test(host)) return false;
    let parsed: URL;
    try {
      parsed = new URL(`http://${host}`);
    } catch {
      return false;
    }
    return LOOPBACK_NAMES.has(parsed.hostname) && (ownPort === "0" || (parsed.port || "80") === ownPort);
  };
  return {
    isOwnHost,
    /** An Origin header of this site (the CSRF check): APP_URL's origin, or a loopback one as above. */
    isOwnOrigin(origin: string | undefined): boolean {
      if (!origin) return false;
      if (origin === own.origin) return true;
      const match = /^http:\/\/([^/]+)$/.exec(origin);
      return Boolean(match && own.protocol === "http:" && isOwnHost(match[1]));
    },
  };
}

/** Requests for another host name are refused (421), except the health checks a load balancer sends by address. */
export function createHostGuard(site: ReturnType<typeof createSiteCheck>) {
  return function hostGuard(req: Request, res: Response, next: NextFunction) {
    if (req.path === "/healthz" || req.path === "/readyz" || site.isOwnHost(req.headers.host)) return next();
    refuse(req, res, 421, UNKNOWN_HOST_MESSAGE);
  };
}

/** A client must send its request headers within this time (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** Backstop for a whole request (headers and body); form routes have their own, shorter body time above. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Kept-alive connections stay open this long between requests (longer than common load balancers' 60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two timeouts above (its default, 30 s, would let a slow client stay 40 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The HTTP server of the app with its own limits: slow headers and stalled requests are cut off, not held. */
export function createHttpServer(app: RequestListener): Server {
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    app,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
