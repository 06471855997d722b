// Prints, per prerendered public route, the JavaScript and CSS it loads (gzip bytes), and checks the
// budgets for the landing page, the physical buy page and the point of sale's routes.
// Usage: node bench/bundle-size.mjs [--summary]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CHECKOUT_JS_BUDGET, gzipBytes, pageScripts, physicalBuyPageJs } from "./support/page-scripts.mjs";
import { POS_JS_BUDGET, POS_ROUTES, routeScripts } from "./support/route-scripts.mjs";

export const LANDING_JS_BUDGET = 130 * 1024;
export const LANDING_CSS_BUDGET = 20 * 1024;
const CLIENT = "build/client";

const gz = gzipBytes;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function pages(dir = CLIENT) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === "assets") continue;
    if (statSync(full).isDirectory()) found.push(...pages(full));
    else if (entry === "index.html") found.push(full);
  }
  return found;
}

/** Every script a page loads: external modules, their modulepreloads, and inline script text. */
export function measurePage(file) {
  const html = readFileSync(file, "utf8");
  const { assets: scripts, inline } = pageScripts(html);
  const styles = new Set(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]),
  );
  const read = (asset) => readFileSync(path.join(CLIENT, asset));
  const js = [...scripts].reduce((sum, asset) => sum + gz(read(asset)), 0) + (inline ? gz(Buffer.from(inline)) : 0);
  const css = [...styles].reduce((sum, asset) => sum + gz(read(asset)), 0);
  return { js, css, html: gz(Buffer.from(html)), scripts: scripts.length };
}

if (!existsSync(CLIENT)) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
const rows = pages()
  .map((file) => {
    const rel = path.relative(CLIENT, path.dirname(file)).split(path.sep).join("/");
    return { route: rel ? `/${rel}` : "/", ...measurePage(file) };
  })
  .sort((a, b) => a.route.localeCompare(b.route));
const landing = rows.find((row) => row.route === "/");
const heaviest = rows.reduce((max, row) => (row.js > max.js ? row : max), rows[0]);
const summary = process.argv.includes("--summary");
if (!summary) {
  console.log("route".padEnd(44), "JS gzip".padStart(10), "CSS gzip".padStart(10), "HTML gzip".padStart(10));
  for (const row of rows)
    console.log(row.route.padEnd(44), kb(row.js).padStart(10), kb(row.css).padStart(10), kb(row.html).padStart(10));
}
const jsOk = landing.js <= LANDING_JS_BUDGET;
const cssOk = landing.css <= LANDING_CSS_BUDGET;
console.log(
  `landing page: JS ${kb(landing.js)} gzip (budget ${kb(LANDING_JS_BUDGET)}) ${jsOk ? "ok" : "OVER"}, ` +
    `CSS ${kb(landing.css)} gzip (budget ${kb(LANDING_CSS_BUDGET)}) ${cssOk ? "ok" : "OVER"}; ` +
    `${rows.filter((r) => r.js === 0).length} of ${rows.length} prerendered pages ship no JavaScript; ` +
    `heaviest: ${heaviest.route} JS ${kb(heaviest.js)} gzip`,
);
const buyPage = physicalBuyPageJs();
const buyOk = buyPage <= CHECKOUT_JS_BUDGET;
console.log(
  `physical buy page: JS ${kb(buyPage)} gzip (budget ${kb(CHECKOUT_JS_BUDGET)}) ${buyOk ? "ok" : "OVER"}, no hydration`,
);
const pos = POS_ROUTES.map(({ id, url }) => ({ url, js: routeScripts(id).js }));
const posOk = pos.every((route) => route.js <= POS_JS_BUDGET);
console.log(
  `point of sale: ${pos.map((route) => `${route.url} JS ${kb(route.js)}`).join(", ")} gzip ` +
    `(budget ${kb(POS_JS_BUDGET)}) ${posOk ? "ok" : "OVER"}, parts loaded on demand not counted`,
);
process.exit(jsOk && cssOk && buyOk && posOk ? 0 : 1);
