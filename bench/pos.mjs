// The point of sale's JavaScript: every module /tools/pos and /tools/mobile-pos load before they are interactive
// (entry, root, workspace layout, the route and their imports), gzip-measured from the build's client manifest.
// The parts loaded on demand are not counted. Usage: node bench/pos.mjs (after npm run build)
import { existsSync } from "node:fs";
import { POS_JS_BUDGET, POS_ROUTES, routeScripts } from "./support/route-scripts.mjs";

if (!existsSync("build/client/assets")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
let ok = true;
for (const { id, url } of POS_ROUTES) {
  const { js, modules } = routeScripts(id);
  ok &&= js <= POS_JS_BUDGET;
  console.log(
    `POS route JS (${url}): ${(js / 1024).toFixed(1)} KB gzip in ${modules.length} modules ` +
      `(budget ${POS_JS_BUDGET / 1024} KB) ${js <= POS_JS_BUDGET ? "ok" : "MISSED"}`,
  );
}
if (!ok && !process.env.BENCH_NO_FAIL) process.exit(1);
