import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { inlineScriptHashes } from "./csp";

export type PrerenderedPage = {
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  /** CSP script sources ('sha256-…') of the page's inline scripts. */
  scriptHashes: string[];
};

/**
 * Loads every prerendered page (`<path>/index.html` under the client build) into memory, compressed once,
 * keyed by URL path ("/", "/features", …). The `.data` files of client navigation stay on disk.
 */
export function loadPrerenderedPages(clientDir: string, transform?: (html: string) => string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (entry === "assets") continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "index.html") {
        const rel = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        const original = readFileSync(full);
        const text = transform ? transform(original.toString("utf8")) : original.toString("utf8");
        const html = transform ? Buffer.from(text) : original;
        pages.set(rel ? `/${rel}` : "/", {
          html,
          gzip: gzipSync(html, { level: 9 }),
          brotli: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          etag: `"${statSync(full).mtimeMs.toString(36)}-${html.length.toString(36)}"`,
          scriptHashes: inlineScriptHashes(text),
        });
      }
    }
  };
  walk(clientDir);
  return pages;
}
