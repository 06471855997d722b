// Lighthouse (mobile, default throttling) on every public route of the production build, in Debian Chromium.
// Budgets (GUIDE §6): performance ≥ 98; accessibility, best practices, SEO = 100. Exits 1 when one is missed.
// Usage: node bench/lighthouse.mjs [/route …]   (a store, /s/bench-atelier, and its product's sales page,
// /s/bench-atelier/planner-kit, are seeded first: see support/seed-store.mjs)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { SALES_PAGE_PATH, STORE_PATH, seedStore } from "./support/seed-store.mjs";

const BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };
const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      "/",
      "/features",
      "/pricing",
      "/tier/starter",
      "/tier/pro",
      "/tier/business",
      "/tier/enterprise",
      "/security",
      "/help",
      "/contact",
      "/about",
      "/blog",
      "/blog/selling-at-craft-fairs",
      "/partners",
      "/learn",
      "/privacy",
      "/terms",
      // A creator's storefront and a published product's sales page (issue 14), seeded below.
      STORE_PATH,
      SALES_PAGE_PATH,
    ];

const dataDir = tempDataDir();
await seedStore(dataDir, { prefix: "lighthouse" });
const server = await startServer({}, { dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let failed = false;
try {
  console.log("route".padEnd(32), "perf", "a11y", "best", " seo", "  LCP ms", " TBT ms", "  CLS");
  for (const route of ROUTES) {
    // A trace-recording hiccup (NO_NAVSTART, …) is Lighthouse's, not the page's: retried up to twice.
    let result;
    for (let attempt = 0; attempt < 3; attempt++) {
      result = await lighthouse(`${server.origin}${route}`, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result.lhr.runtimeError) break;
    }
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      failed = true;
      console.log(route.padEnd(32), `Lighthouse error: ${runtimeError.code} ${runtimeError.message}`);
      continue;
    }
    const num = (id, digits = 0) => (audits[id]?.numericValue === undefined ? "n/a" : audits[id].numericValue.toFixed(digits));
    const scores = Object.fromEntries(Object.keys(BUDGET).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]));
    const misses = Object.entries(BUDGET).filter(([k, min]) => scores[k] < min);
    if (misses.length) failed = true;
    console.log(
      route.padEnd(32),
      String(scores.performance).padStart(4),
      String(scores.accessibility).padStart(4),
      String(scores["best-practices"]).padStart(4),
      String(scores.seo).padStart(4),
      num("largest-contentful-paint").padStart(8),
      num("total-blocking-time").padStart(7),
      num("cumulative-layout-shift", 3).padStart(6),
      misses.length ? ` MISSED: ${misses.map(([k]) => k).join(", ")}` : "",
    );
    for (const [k] of misses) {
      const failing = Object.values(result.lhr.audits).filter(
        (a) => a.score !== null && a.score < 1 && result.lhr.categories[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
      );
      for (const a of failing.slice(0, 5)) console.log(`    ${k}: ${a.id} (${a.score}) ${a.displayValue ?? ""}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
