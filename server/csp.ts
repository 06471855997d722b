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

/** A frame ancestor as origins are stored: http(s), a host of letters, digits, dots and hyphens, and a port. */
const ORIGIN_SOURCE = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;

/** The Content-Security-Policy: our and vouched scripts, forms to us and OAuth providers, inline styles for toasts. */
export function contentSecurityPolicy(
  scriptSources: string[],
  {
    upgradeInsecure,
    formTargets = [],
    captchaOrigins = [],
    connectOrigins = [],
    frameAncestors = [],
  }: {
    upgradeInsecure: boolean;
    formTargets?: string[];
    captchaOrigins?: string[];
    connectOrigins?: string[];
    /** The origins that may frame the page: a seller's allowed websites on an embed-mode checkout; else none. */
    frameAncestors?: string[];
  },
): string {
  // Anything else (a `;`, a space, a quote, a keyword) would add sources or directives: dropped.
  const ancestors = frameAncestors.filter((origin) => ORIGIN_SOURCE.test(origin));
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
    `frame-ancestors ${ancestors.length ? ancestors.join(" ") : "'none'"}`,
  ];
  if (upgradeInsecure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Checkout documents the embed overlay opens, which a seller's allowed websites may frame in embed mode. */
const FRAMEABLE_PATH =
  /^\/(?:s\/[^/.]+\/[^/.]+\/buy|s\/[^/.]+\/cart\/checkout|checkout\/test\/[^/.]+|checkout\/[^/.]+)\/?$/;

/** Whether `pathname` is a checkout page that may be framed in embed mode. */
export function isFrameablePath(pathname: string): boolean {
  return FRAMEABLE_PATH.test(pathname);
}
