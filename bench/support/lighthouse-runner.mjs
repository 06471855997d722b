// The Lighthouse run shared by bench/lighthouse.mjs (public site and store pages) and bench/lighthouse-checkout.mjs
// (the buyer's checkout pages): mobile, default throttling, in Debian Chromium, one line of scores per page.
// Budgets: performance ≥ 98; accessibility, best practices, SEO = 100.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const BUDGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Audits each page at `origin` and prints its scores; returns whether every budget was met.
 * A page marked `noindex` (one buyer's private page) meets the SEO budget when "is-crawlable" is its only failing
 * SEO audit: it is kept out of search engines by design.
 * `extraHeaders` go with every request (a signed-in page's session cookie); `budget` replaces BUDGET.
 * @param {string} origin
 * @param {{ label: string, path: string, noindex?: boolean }[]} pages
 * @param {{ extraHeaders?: Record<string, string>, budget?: Partial<typeof BUDGET> }} [options]
 */
export async function auditPages(origin, pages, { extraHeaders, budget = BUDGET } = {}) {
  const width = Math.max(22, ...pages.map((page) => page.label.length + 2));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  let failed = false;
  try {
    console.log("page".padEnd(width), "perf", "a11y", "best", " seo", "  LCP ms", " TBT ms", "  CLS");
    for (const { label, path, noindex = false } of pages) {
      // A trace-recording hiccup (NO_NAVSTART, …) is Lighthouse's, not the page's: retried up to twice.
      let result;
      for (let attempt = 0; attempt < 3; attempt++) {
        result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          ...(extraHeaders ? { extraHeaders } : {}),
        });
        if (!result.lhr.runtimeError) break;
      }
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        failed = true;
        console.log(label.padEnd(width), `Lighthouse error: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      const num = (id, digits = 0) =>
        audits[id]?.numericValue === undefined ? "n/a" : audits[id].numericValue.toFixed(digits);
      const scores = Object.fromEntries(
        Object.keys(BUDGET).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
      );
      const failingAudits = (k) =>
        Object.values(audits).filter(
          (a) => a.score !== null && a.score < 1 && categories[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
        );
      const onlyNoindex = noindex && failingAudits("seo").every((a) => a.id === "is-crawlable");
      const misses = Object.entries(budget).filter(([k, min]) => scores[k] < min && !(k === "seo" && onlyNoindex));
      if (misses.length) failed = true;
      console.log(
        label.padEnd(width),
        String(scores.performance).padStart(4),
        String(scores.accessibility).padStart(4),
        String(scores["best-practices"]).padStart(4),
        String(scores.seo).padStart(4),
        num("largest-contentful-paint").padStart(8),
        num("total-blocking-time").padStart(7),
        num("cumulative-layout-shift", 3).padStart(6),
        misses.length
          ? ` MISSED: ${misses.map(([k]) => k).join(", ")}`
          : noindex && scores.seo < 100
            ? " (seo: only is-crawlable fails: noindex by design)"
            : "",
      );
      for (const [k] of misses) {
        for (const a of failingAudits(k).slice(0, 5))
          console.log(`    ${k}: ${a.id} (${a.score}) ${a.displayValue ?? ""} ${a.title ?? ""}`);
      }
    }
  } finally {
    await chrome.kill();
  }
  return !failed;
}
