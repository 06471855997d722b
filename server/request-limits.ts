import { createServer, type RequestListener, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { ANSWER_WITHOUT_WAITING } from "./discard-unread-body";
import type { Runtime } from "../app/server/runtime.server";

/**
 * What a request may send, decided before a byte of its body is read: the cap and time of each route
 * (the app's body limits, app/server/http/body-limits.ts), and the hosts the site answers to.
 */

/** The app's body limits the middleware below enforces. */
export type BodyLimits = Pick<
  Runtime,
  "bodyLimitFor" | "isUploadPath" | "GLOBAL_BODY_LIMIT_BYTES" | "FILE_TOO_LARGE_MESSAGE"
>;

export const TOO_LARGE_MESSAGE = "The request is too large.";
export const LENGTH_REQUIRED_MESSAGE = "Please send the request with a Content-Length.";
export const TOO_SLOW_MESSAGE = "The request took too long to arrive. Please try again.";
export const UNKNOWN_HOST_MESSAGE = "This server does not answer for that host name.";

function refuse(
  limits: Pick<BodyLimits, "isUploadPath">,
  req: Request,
  res: Response,
  status: number,
  message: string,
) {
  res.locals[ANSWER_WITHOUT_WAITING] = true; // no lingering for a body that is refused
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  // tus clients read a plain-text body (as the tus endpoint's own answers are).
  if (limits.isUploadPath(req.path)) res.status(status).type("text/plain").send(message);
  else if (req.path.startsWith("/api/") || req.path.endsWith(".data") || !req.accepts("html"))
    res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}

/**
 * Every request with a body: refused with 413 when its declared length is over the route's cap (before it is
 * read: a 300 MB POST costs nothing), 411 when it declares none (chunked: browsers always send a length for
 * forms and fetch), and 408 when it has not fully arrived in the route's time (at `times`, production's by default).
 */
export function createBodyLimit(limits: BodyLimits, times?: Parameters<BodyLimits["bodyLimitFor"]>[1]) {
  return function limitRequestBody(req: Request, res: Response, next: NextFunction) {
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!chunked && !(declared > 0)) return next();
    if (chunked) return refuse(limits, req, res, 411, LENGTH_REQUIRED_MESSAGE);
    const limit = limits.bodyLimitFor(req.path, times);
    if (limits.isUploadPath(req.path)) {
      if (declared > limit.bytes) return refuse(limits, req, res, 413, limits.FILE_TOO_LARGE_MESSAGE);
    } else if (declared > Math.min(limit.bytes, limits.GLOBAL_BODY_LIMIT_BYTES))
      return refuse(limits, req, res, 413, TOO_LARGE_MESSAGE);
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) return void req.socket.destroy();
      res.once("finish", () => req.socket.destroySoon());
      refuse(limits, req, res, 408, TOO_SLOW_MESSAGE);
    }, limit.timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    // Not cleared when the answer is sent: a body still trickling in after an early answer (a 405, a redirect)
    // would otherwise hold the connection until the request timeout.
    req.once("end", clear);
    req.once("close", clear);
    next();
  };
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
export function createHostGuard(site: ReturnType<typeof createSiteCheck>, limits: Pick<BodyLimits, "isUploadPath">) {
  return function hostGuard(req: Request, res: Response, next: NextFunction) {
    if (req.path === "/healthz" || req.path === "/readyz" || site.isOwnHost(req.headers.host)) return next();
    refuse(limits, req, res, 421, UNKNOWN_HOST_MESSAGE);
  };
}

/** A client must send its request headers within this time (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * Backstop for a whole request (headers and body); form routes have their own, shorter body time (the app's body
 * limits).
 */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Kept-alive connections stay open this long between requests (longer than common load balancers' 60 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two timeouts above (its default, 30 s, would let a slow client stay 40 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** The HTTP server of the app with its own limits: slow headers and stalled requests are cut off, not held. */
export function createHttpServer(app: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
