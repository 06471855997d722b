import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type CompressedBody, compressOnce } from "./compressed-body";
import { inlineScriptHashes } from "./csp";

/** A prerendered page held in memory. */
export type PrerenderedPage = {
  /** The page, compressed on first request per encoding. */
  body: CompressedBody;
  etag: string;
  /** CSP script sources ('sha256-…') of the page's inline scripts. */
  scriptHashes: string[];
};

/** Loads the client build's prerendered pages into memory, keyed by URL path. */
export function loadPrerenderedPages(
  clientDir: string,
  transform?: (html: string) => string,
): Map<string, PrerenderedPage> {
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
          body: compressOnce(html),
          etag: `"${statSync(full).mtimeMs.toString(36)}-${html.length.toString(36)}"`,
          scriptHashes: inlineScriptHashes(text),
        });
      }
    }
  };
  walk(clientDir);
  return pages;
}
