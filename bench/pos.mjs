// The point of sale's JavaScript: every module the /tools/pos route loads (entry, root, workspace layout, the route
// and their imports), gzip-measured from the build's client manifest. Usage: node bench/pos.mjs (after npm run build)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const POS_JS_BUDGET = 150 * 1024;
const ASSETS = "build/client/assets";

if (!existsSync(ASSETS)) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const file = readdirSync(ASSETS).find((name) => /^manifest-.*\.js$/.test(name));
const text = readFileSync(path.join(ASSETS, file), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));

/** Every module of a route and its parents, with the client entry's. */
function modulesOf(routeId) {
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    if (route.module) modules.add(route.module);
    for (const imported of route.imports ?? []) modules.add(imported);
  }
  return modules;
}

const gz = (asset) => gzipSync(readFileSync(path.join("build/client", asset)), { level: 9 }).length;
const modules = modulesOf("pos");
const js = [...modules].reduce((sum, asset) => sum + gz(asset), 0);
const ok = js <= POS_JS_BUDGET;
console.log(
  `POS route JS: ${(js / 1024).toFixed(1)} KB gzip in ${modules.size} modules (budget ${POS_JS_BUDGET / 1024} KB) ${ok ? "ok" : "MISSED"}`,
);
if (!ok && !process.env.BENCH_NO_FAIL) process.exit(1);
