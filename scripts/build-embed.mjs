// Bundles the embed scripts sellers paste on their sites: build/client/js/sellkit.js (the overlay) and
// build/client/js/sellkit-frame.js (the embed-mode checkout's side) and build/client/js/sellkit-shop.js (the widget
// and cart, fetched only where used). Each must stay under 5 KB gzipped.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The gzipped size budget of each embed script, in bytes. */
export const EMBED_BUDGET_BYTES = 5 * 1024;

/** The embed scripts' esbuild options: no dependencies, one classic script each. */
export const EMBED_BUNDLE = {
  entryPoints: {
    sellkit: "app/domains/sales-methods/embed/sellkit.ts",
    "sellkit-frame": "app/domains/sales-methods/embed/frame.ts",
    "sellkit-shop": "app/domains/sales-methods/embed/shop.ts",
  },
  outdir: "build/client/js",
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2019",
  platform: "browser",
  write: false,
  logLevel: "warning",
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const { dirname } = await import("node:path");
  const result = await build(EMBED_BUNDLE);
  let over = false;
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
    const gzip = gzipSync(file.contents, { level: 9 }).length;
    over ||= gzip > EMBED_BUDGET_BYTES;
    console.log(
      `embed script: ${file.path.replace(`${process.cwd()}/`, "")} ${gzip} bytes gzipped (budget ${EMBED_BUDGET_BYTES})`,
    );
  }
  if (over) process.exit(1);
}
