import { createHash, randomBytes } from "node:crypto";

/** A fresh nonce for one server-rendered response. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The 'sha256-…' sources of every inline <script> of a prerendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? "";
    if (body.length > 0) hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/**
 * Content-Security-Policy: scripts only from our origin plus the inline ones we vouch for (nonce or hash);
 * no framing, no plugins, forms post only to us (and to the configured OAuth providers, which a sign-in form
 * redirects to); only the checkout pages may be framed (isFrameablePath). A third-party captcha (hCaptcha), when configured, may load scripts, frames and requests;
 * the error-reporting service (SENTRY_BROWSER_DSN) receives the browser's reports (`connectOrigins`). Styles allow inline because the toast library injects its own.
 */
export function contentSecurityPolicy(
  scriptSources: string[],
  {
    upgradeInsecure,
    formTargets = [],
    captchaOrigins = [],
    connectOrigins = [],
    frameable = false,
  }: {
    upgradeInsecure: boolean;
    formTargets?: string[];
    captchaOrigins?: string[];
    connectOrigins?: string[];
    /** A page a buy button may open in a frame on the seller's own site (isFrameablePath): any ancestor. */
    frameable?: boolean;
  },
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, ...captchaOrigins].join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${[...captchaOrigins, ...connectOrigins].join(" ")}`.trim(),
    `frame-src ${captchaOrigins.length ? captchaOrigins.join(" ") : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    `frame-ancestors ${frameable ? "*" : "'none'"}`,
  ];
  if (upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * The pages a buy button opens, which a seller may embed in a frame on their own site (GUIDE §4): the checkout page
 * /s/:handle/:slug/buy, the store's buy page /buy/:id, the test provider's page /checkout/test/:id and the buyer's
 * return page /checkout/:orderId. These get `frame-ancestors *` and no X-Frame-Options; every other page keeps
 * `frame-ancestors 'none'` and `X-Frame-Options: DENY`. Their navigation data (`.data`) is not a document: no
 * framing question, it keeps the default.
 */
const FRAMEABLE_PATH = /^\/(?:s\/[^/.]+\/[^/.]+\/buy|buy\/[^/.]+|checkout\/test\/[^/.]+|checkout\/[^/.]+)\/?$/;

export function isFrameablePath(pathname: string): boolean {
  return FRAMEABLE_PATH.test(pathname);
}
