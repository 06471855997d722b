import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import type { AppServices } from "../app/server/services.server";
import type { Runtime } from "../app/server/runtime.server";
import { contentSecurityPolicy, createNonce, isFrameablePath } from "./csp";
import { discardUnreadBody } from "./discard-unread-body";
import { loadPrerenderedPages, type PrerenderedPage } from "./prerendered-pages";
import { redactUrl } from "./redact-url";
import { createBodyLimit, createHostGuard, createSiteCheck } from "./request-limits";
import { createAssetHandler } from "./static-assets";
import { sendCompressed } from "./compressed-body";
import { createStorePageCache } from "./store-page-cache";
import { countViews } from "./count-views";
import { createRequestTurns } from "./request-turns";

export type CreateAppOptions = {
  /** The app's modules, from the same server build as `build` (its entry's `runtime` export). */
  runtime: Runtime;
  services: AppServices;
  /** The React Router server build, or a function returning it (the Vite dev server in development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The client build folder (hashed assets, prerendered pages); absent in development. */
  clientDir?: string;
  /** Extra middleware mounted before the app (the Vite dev server in development). */
  devMiddleware?: express.RequestHandler;
  /** True once the process is shutting down: /readyz then answers 503 so a load balancer drains it. */
  isStopping?: () => boolean;
};

const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sellkit is temporarily unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Sellkit is temporarily unavailable</h1>
<p>We cannot reach our database right now. Nothing you saved is lost. Please try again in a minute.</p></body></html>`;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** hCaptcha's script, frames and API, when it is the captcha. */
function captchaOrigins(env: AppServices["env"]): string[] {
  return env.CAPTCHA_PROVIDER === "hcaptcha"
    ? [...new Set([new URL(env.HCAPTCHA_SCRIPT_URL).origin, "https://*.hcaptcha.com"])]
    : [];
}

/** Origins a sign-in form may redirect to: the configured OAuth providers' authorization servers. */
function oauthOrigins(env: AppServices["env"], DEFAULT_GOOGLE_DISCOVERY_URL: string): string[] {
  const origins: string[] = [];
  if (env.GOOGLE_CLIENT_ID) origins.push(new URL(env.GOOGLE_DISCOVERY_URL ?? DEFAULT_GOOGLE_DISCOVERY_URL).origin);
  if (env.FACEBOOK_CLIENT_ID) origins.push("https://www.facebook.com");
  if (env.APPLE_CLIENT_ID) origins.push("https://appleid.apple.com");
  return origins;
}

function parseTrustedProxies(value: string | undefined): string[] | false {
  const list =
    value
      ?.split(",")
      .map((item) => item.trim())
      .filter(Boolean) ?? [];
  return list.length > 0 ? list : false;
}

export function createApp({
  runtime,
  services,
  build,
  clientDir,
  devMiddleware,
  isStopping = () => false,
}: CreateAppOptions) {
  const { CLIENT_IP_HEADER, PERSONALISED_COOKIE_PATTERN, UPLOADS_PATH, reportedRequest } = runtime;
  const { env, logger } = services;
  const production = env.NODE_ENV === "production";
  const browserDsn = env.SENTRY_BROWSER_DSN;
  const cspOptions = {
    // Only where the site is served over HTTPS: on a plain-HTTP origin (a production build run on 127.0.0.1) the
    // directive would send the page's own requests to a port that does not speak TLS.
    upgradeInsecure: production && runtime.servedOverHttps(env),
    // Forms redirect to OAuth providers' sign-in and to payment providers' hosted pages (checkout, onboarding).
    formTargets: [...oauthOrigins(env, runtime.DEFAULT_GOOGLE_DISCOVERY_URL), ...runtime.paymentPageOrigins(env)],
    captchaOrigins: captchaOrigins(env),
    // The browser sends its error reports straight to the reporting service.
    connectOrigins: browserDsn ? [new URL(browserDsn).origin] : [],
  };
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies listed in TRUSTED_PROXIES.
  app.set("trust proxy", parseTrustedProxies(env.TRUSTED_PROXIES));

  // Request log: one line per response, without cookies, query strings or the tokens some paths carry.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          method: req.method,
          path: redactUrl(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ip: req.ip,
        },
        "request",
      );
    });
    next();
  });

  // A response sent before the request body was read: the body is discarded, and the answer waits for it.
  app.use(discardUnreadBody);
  // Only this site's host names are answered (DNS rebinding), and no body is read past its route's cap or time.
  const site = createSiteCheck(env.APP_URL);
  app.use(createHostGuard(site, runtime));
  app.use(
    createBodyLimit(runtime, { formMs: env.FORM_BODY_TIMEOUT_MS, bytesPerSecond: env.FORM_BODY_MIN_BYTES_PER_SECOND }),
  );

  // The client's address, resolved by Express from trusted proxies only, for better-auth and the app.
  // Always overwritten, so a client cannot choose it.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });

  // Security headers on every response; the CSP itself is set where the page is known (below).
  // Only an embed-mode checkout page may be framed, and only by its seller's allowed websites (embedAncestors).
  const defaultCsp = contentSecurityPolicy([], cspOptions);
  const embedAncestors = async (req: Request): Promise<string[]> => {
    if (!isFrameablePath(req.path)) return [];
    const embed = runtime.embedQueryOf(new URL(req.originalUrl, "http://localhost").searchParams);
    if (!embed) return [];
    try {
      return (await runtime.readEmbedAncestors(services.db, req.path, embed.host)) ?? [];
    } catch (error) {
      logger.warn({ err: error }, "embed ancestors lookup failed");
      return [];
    }
  };
  app.use(async (req, res, next) => {
    const frameAncestors = await embedAncestors(req);
    res.locals.frameAncestors = frameAncestors;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    if (frameAncestors.length === 0) res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    res.setHeader(
      "Content-Security-Policy",
      frameAncestors.length ? contentSecurityPolicy([], { ...cspOptions, frameAncestors }) : defaultCsp,
    );
    next();
  });

  // Liveness (the process answers) and readiness (the database answers, not shutting down).
  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const database = await services.health.probe();
    const ready = database && !isStopping();
    res.setHeader("Cache-Control", "no-store");
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? "ready" : "unavailable", database: database ? "up" : "down", stopping: isStopping() });
  });

  // CSRF: a state-changing request must come from our own origin, APP_URL (browsers always send Origin on
  // POST); the request's Host header is never the reference. Exempt: payment providers' webhooks
  // (/api/webhooks/:provider), which carry no session and are verified by their signature instead; and mail
  // providers' one-click unsubscribe (RFC 8058): a POST without Origin to /unsubscribe/<token>, the token its
  // credential (checked by the route).
  app.use((req, res, next) => {
    if (SAFE_METHODS.has(req.method) || site.isOwnOrigin(req.get("origin"))) return next();
    if (req.method === "POST" && runtime.isWebhookPath(req.path)) return next();
    if (req.method === "POST" && runtime.isOneClickUnsubscribePath(req.path)) return next();
    res.status(403).json({ error: "Cross-site request refused" });
  });

  // Views of the public store pages, counted once answered: before the store-page cache, whose
  // answers count too. No cookie, no script; buffered in memory and written in batches.
  if (env.VIEW_COUNTING === "on") app.use(countViews(services, env.APP_URL, runtime));

  // Social posts' tracking links: a redirect with the post's attribution, clicks counted in memory (no cookie).
  const trackingLinks = runtime.createTrackingLinkHandler(services);
  app.use((req, res, next) => {
    const code = req.method === "GET" || req.method === "HEAD" ? runtime.trackingCodeOf(req.path) : null;
    if (!code) return next();
    trackingLinks(req, res, code, req.ip ?? "").catch(next);
  });

  // Product files: the tus endpoint, streamed to DATA_DIR/uploads or the S3 bucket, owner only.
  const uploads = runtime.createUploadHandler(services);
  app.all([UPLOADS_PATH, `${UPLOADS_PATH}/{*rest}`], (req, res, next) => {
    uploads(req, res).catch(next);
  });

  // Buyers' signed file links: streamed with backpressure, outside React Router and compression.
  const downloads = runtime.createDownloadHandler(services);
  app.use((req, res, next) => {
    const link = req.method === "GET" || req.method === "HEAD" ? runtime.matchDownloadPath(req.path) : null;
    if (!link) return next();
    downloads(req, res, link).catch(next);
  });

  // The seller's CSV exports of orders, customers and subscribers: streamed from a database cursor, outside React
  // Router.
  const exports = runtime.createExportHandler(services);
  app.get(["/orders/export.csv", "/customers/export.csv", "/customers/subscribers.csv"], (req, res, next) => {
    const kind = runtime.matchExportPath(req.path);
    if (!kind) return next();
    exports(req, res, kind).catch(next);
  });

  if (devMiddleware) app.use(devMiddleware);
  // Hashed assets from memory, compressed once per file (before `compression`, which would redo it per request).
  // Prerendered pages too, each with its CSP header built once (both before `compression`).
  if (clientDir) {
    app.use("/assets", createAssetHandler(path.join(clientDir, "assets")));
    const pages = new Map(
      [
        ...loadPrerenderedPages(
          clientDir,
          browserDsn ? withErrorReportingMeta(runtime.ERROR_REPORTING_META, browserDsn) : undefined,
        ),
      ].map(([route, page]) => [
        route,
        {
          ...page,
          csp: contentSecurityPolicy(page.scriptHashes, cspOptions),
        },
      ]),
    );
    app.use((req, res, next) => servePrerendered(pages, PERSONALISED_COOKIE_PATTERN, req, res, next));
    // A creator's public store pages, for signed-out visitors: rendered once, then served from memory for a few
    // seconds (server/store-page-cache.ts). They carry no script, so no nonce: the page-independent CSP.
    const renderDocument = createFetchHandler(build, "production");
    app.use(
      createStorePageCache({
        csp: defaultCsp,
        seconds: env.STORE_PAGE_CACHE_SECONDS,
        personalised: PERSONALISED_COOKIE_PATTERN,
        async render(req, key) {
          const response = await renderDocument(
            new Request(`${env.APP_URL}${key}`, { headers: { accept: "text/html" } }),
            {
              services,
              cspNonce: "",
              clientIp: req.ip,
            },
          );
          return {
            status: response.status,
            headers: response.headers,
            body: Buffer.from(await response.arrayBuffer()),
          };
        },
      }),
    );
  }
  // Client-navigation data (`.data`) is small and streamed: compressing it cost more than it saved (decision 014).
  app.use(compression({ filter: (req, res) => !req.path.endsWith(".data") && compression.filter(req, res) }));

  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
    );
    const files = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
    // Prerendered `.data` (client navigation data) is anonymous too: personalised requests are rendered.
    app.use((req, res, next) =>
      req.path.endsWith(".data") && PERSONALISED_COOKIE_PATTERN.test(req.headers.cookie ?? "")
        ? next()
        : files(req, res, next),
    );
  }

  // While the database is unreachable, answer at once with 503; the health monitor lets requests through again.
  app.use((req, res, next) => {
    if (!services.health.isDown()) return next();
    res.setHeader("Retry-After", "5");
    res.setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/") || req.path.endsWith(".data") || !req.accepts("html")) {
      res
        .status(503)
        .json({ error: "Service temporarily unavailable: the database cannot be reached. Please retry shortly." });
    } else {
      res.status(503).type("html").send(UNAVAILABLE_PAGE);
    }
  });

  // Rendered pages and their data take turns: the listening socket is polled between any two of them.
  app.use(createRequestTurns());
  app.use(
    createRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext(req, res) {
        // Navigation data (`.data`) is not a document: no nonce to make, the default CSP above stays.
        if (req.path.endsWith(".data")) return { services, cspNonce: "", clientIp: req.ip };
        const cspNonce = createNonce();
        res.setHeader(
          "Content-Security-Policy",
          contentSecurityPolicy([`'nonce-${cspNonce}'`], {
            ...cspOptions,
            frameAncestors: res.locals.frameAncestors as string[],
          }),
        );
        return { services, cspNonce, clientIp: req.ip };
      },
    }),
  );

  // Last resort: an unexpected error becomes a plain 500, logged, never a stack trace to the client.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error }, "unhandled request error");
    services.errorReporter.capture(error, {
      mechanism: "express",
      request: reportedRequest({ method: req.method, url: `${env.APP_URL}${req.originalUrl}`, headers: req.headers }),
    });
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

/** Prerendered pages carry the browser's DSN as the server-rendered ones do (the root layout's <meta>). */
function withErrorReportingMeta(metaName: string, dsn: string) {
  const escaped = dsn.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return (html: string) => html.replace("</head>", `<meta name="${metaName}" content="${escaped}"/></head>`);
}

function servePrerendered(
  pages: Map<string, PrerenderedPage & { csp: string }>,
  personalised: RegExp,
  req: Request,
  res: Response,
  next: NextFunction,
) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const page = pages.get(req.path);
  if (!page || personalised.test(req.headers.cookie ?? "")) return next();
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  if (req.headers["if-none-match"] === page.etag) return void res.status(304).end();
  sendCompressed(req, res, next, page.body);
}
