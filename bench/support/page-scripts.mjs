// What a page's HTML makes the browser run, shared by the bundle-size bench and the checkout budget test.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

/** The most JavaScript (gzip bytes) a checkout page may ship. */
export const CHECKOUT_JS_BUDGET = 50 * 1024;

/** The physical buy page's inline script, the only JavaScript that page ships. */
export const SHIPPING_OPTIONS_SCRIPT = "app/flows/checkout/shipping-options-script.js";

/** Gzip bytes at level 9, as the budgets count them. */
export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** The /assets/*.js a page loads (scripts, module preloads, imports) and the text of its inline scripts. */
export function pageScripts(html) {
  const assets = new Set();
  for (const m of html.matchAll(
    /<(?:script[^>]*\bsrc|link[^>]*rel="(?:sellkit-)?modulepreload"[^>]*\bhref)="(\/assets\/[^"]+\.js)"/g,
  ))
    assets.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) assets.add(m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  return { assets: [...assets], inline };
}

/** The physical buy page's JavaScript in gzip bytes (it hydrates nothing: only its inline script runs). */
export function physicalBuyPageJs() {
  return gzipBytes(readFileSync(SHIPPING_OPTIONS_SCRIPT));
}
