// Budget: a product's sales page (server-rendered, one database statement, no script) against a static
// file of about the same size served by the same server, at 100 connections:
//   sales page req/s ≥ 70% of the static file's; sales page p99 < 50 ms; the store's Link in Bio page likewise.
// The store (online-store setup, theme), the product (Markdown description, a WebP cover in two widths, three
// files) are written to the bench database before the server starts (support/seed-store.mjs). Signed out, as a visitor from a search engine.
// Env: THROUGHPUT_SECONDS (10), WARMUP_SECONDS (2), CONNECTIONS (100), BENCH_NO_FAIL=1 (report only).
// Usage: npm run build && node bench/sales-page.mjs
import { readdirSync, rmSync, statSync } from "node:fs";
import autocannon from "autocannon";
import { budgets, fmt, printTable } from "./support/common.mjs";
import { BIO_PAGE_PATH, SALES_PAGE_PATH, seedStore } from "./support/seed-store.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,*/*", "user-agent": "sellkit-bench" };
function run(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: HEADERS }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Until one request answers within 100 ms (at most 30 s): each run starts on an idle server. */
async function settle(url) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(url, { headers: HEADERS })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - started < 100) return;
  }
}

async function measure(label, url) {
  await settle(url);
  await run(url, WARMUP);
  await settle(url);
  const result = await run(url, SECONDS);
  return {
    label,
    path: new URL(url).pathname,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    bad: result.non2xx + result.errors,
  };
}

const dataDir = tempDataDir();
await seedStore(dataDir, { prefix: "sales-page" });
const server = await startServer({ LOG_LEVEL: "warn" }, { dataDir });
const check = budgets("sales-page");
try {
  const pageUrl = `${server.origin}${SALES_PAGE_PATH}`;
  const probe = await fetch(pageUrl);
  const html = await probe.text();
  if (probe.status !== 200 || !html.includes("Planner Kit 2027"))
    throw new Error(`the sales page answered ${probe.status}`);
  if (/<script(?![^>]*application\/ld\+json)/.test(html)) throw new Error("the sales page ships a script");
  const bioUrl = `${server.origin}${BIO_PAGE_PATH}`;
  const bioHtml = await (await fetch(bioUrl)).text();
  if (!bioHtml.includes("Free weekly planner page")) throw new Error("the bio page is missing");
  if (/<script/.test(bioHtml)) throw new Error("the bio page ships a script");
  const pageBytes = Buffer.byteLength(html);
  // The static file: the hashed asset closest in size to the page (both then carry about the same bytes).
  const asset = readdirSync("build/client/assets")
    .map((name) => ({ name, bytes: statSync(`build/client/assets/${name}`).size }))
    .sort((a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes))[0];
  console.log(`sales page: ${pageBytes} bytes; static file: /assets/${asset.name} (${asset.bytes} bytes)`);
  // One at a time first: the page's own cost without a queue.
  const single = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    await fetch(pageUrl, { headers: HEADERS }).then((r) => r.arrayBuffer());
    single.push(performance.now() - started);
  }
  single.sort((a, b) => a - b);
  console.log(`one request at a time: median ${fmt(single[25], 2)} ms, fastest ${fmt(single[0], 2)} ms`);
  if (process.env.SALES_PAGE_ONLY_SINGLE === "1") process.exit(0);
  const statik = await measure("static file", `${server.origin}/assets/${asset.name}`);
  const page = await measure("sales page", pageUrl);
  const bio = await measure("bio page", bioUrl);
  const rows = [statik, page, bio];
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per target, loopback\n`);
  printTable([
    ["target", "path", "req/s", "p50 ms", "p99 ms", "max ms", "requests", "non-2xx/errors"],
    ...rows.map((r) => [r.label, r.path, fmt(r.rps, 0), r.p50, r.p99, r.max, r.total, r.bad]),
  ]);
  console.log("");
  for (const r of rows) {
    check.figure(`${r.label} req/s`, fmt(r.rps, 0));
    check.figure(`${r.label} p99 ms`, r.p99);
  }
  const ratio = page.rps / statik.rps;
  check.check(
    "no non-2xx answers or errors",
    rows.every((r) => r.bad === 0),
    rows.map((r) => `${r.label} ${r.bad}`).join(", "),
  );
  check.check(
    "sales page / static file req/s ≥ 70%",
    ratio >= 0.7,
    `${fmt(ratio * 100)}% (${fmt(page.rps, 0)} / ${fmt(statik.rps, 0)})`,
  );
  check.check(`sales page p99 < 50 ms at ${CONNECTIONS} connections`, page.p99 < 50, `${page.p99} ms`);
  const bioRatio = bio.rps / statik.rps;
  check.check(
    "bio page / static file req/s ≥ 70%",
    bioRatio >= 0.7,
    `${fmt(bioRatio * 100)}% (${fmt(bio.rps, 0)} / ${fmt(statik.rps, 0)})`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
