// Budget: a social post's tracking-link redirect has p99 < 20 ms at 100 connections, and counting its click adds
// < 1 ms. The seeded store (support/seed-store.mjs) with one post whose link opens the sales page, on the production
// build: autocannon at full speed, 100 connections, each request from its own address, with a browser's user agent
// (every request a counted click) and with a link-preview agent (the same redirect, not counted); one request at a time (the median, to the
// microsecond) for both; /healthz (hello world) at full speed as the machine's reference; then, after a graceful
// stop flushed the counter, the clicks written must equal the browser requests answered (give or take the
// connections' last requests, answered after autocannon stopped counting).
// Env: THROUGHPUT_SECONDS (10), WARMUP_SECONDS (2), CONNECTIONS (100), BENCH_NO_FAIL=1.
// Usage: npm run build && node bench/social-links.mjs
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { budgets, fmt, printTable, startAppProcess } from "./support/common.mjs";
import { seedStore, STORE_HANDLE } from "./support/seed-store.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const CODE = "benchlnk";
const AGENTS = {
  counted: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  preview: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
};

let visitor = 0;
/** A request's headers from an address of its own (a trusted loopback proxy's X-Forwarded-For): clicks are capped per address. */
function headersOf(userAgent) {
  visitor = (visitor + 1) % 16_000_000;
  return { "user-agent": userAgent, "x-forwarded-for": `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}` };
}

function run(url, duration, userAgent) {
  const setupRequest = (request) => {
    request.headers = headersOf(userAgent);
    return request;
  };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, requests: [{ setupRequest }] }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function sequentialMedian(url, userAgent, count = 1000) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: headersOf(userAgent), redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`the tracking link answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

async function sql(dataDir, text, params = []) {
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    return await app.request("sql", { text, params });
  } finally {
    await app.close();
  }
}

const dataDir = tempDataDir();
await seedStore(dataDir, { prefix: "social" });
const [store] = await sql(dataDir, "select user_id from storefronts where handle = $1", [STORE_HANDLE]);
await sql(
  dataDir,
  `insert into social_posts (user_id, code, platform, content_type, text, product_ids, status)
   values ($1, $2, 'tiktok', 'tutorials', 'Bench post', (select jsonb_build_array(id::text) from products where user_id = $1 limit 1), 'draft')`,
  [store.user_id, CODE],
);
const budget = budgets("social-links");
let counted;
let preview;
let single;
let singlePreview;
let written;
let hello;
const server = await startServer({ LOG_LEVEL: "warn", TRUSTED_PROXIES: "loopback" }, { dataDir });
try {
  const url = `${server.origin}/t/${CODE}`;
  await run(url, WARMUP, AGENTS.preview);
  singlePreview = await sequentialMedian(url, AGENTS.preview);
  single = await sequentialMedian(url, AGENTS.counted);
  preview = await run(url, SECONDS, AGENTS.preview);
  counted = await run(url, SECONDS, AGENTS.counted);
  hello = await run(`${server.origin}/healthz`, SECONDS, AGENTS.counted);
} finally {
  await server.stop();
}
try {
  const [row] = await sql(dataDir, "select coalesce(sum(clicks), 0)::int as clicks from social_post_clicks");
  written = row.clicks;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
// The 1,000 one-at-a-time browser requests count too.
const expectedClicks = counted["3xx"] + 1000;
console.log(
  `\nautocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${SECONDS} s per run at full speed; loopback\n`,
);
printTable([
  ["requests", "one at a time, median ms", "req/s", "p50 ms", "p99 ms", "302s", "other/errors"],
  ...[
    ["browser (counted)", single, counted],
    ["link preview (not counted)", singlePreview, preview],
    ["/healthz (reference)", Number.NaN, hello],
  ].map(([label, median, r]) => [
    label,
    fmt(median, 3),
    fmt(r.requests.average, 0),
    r.latency.p50,
    r.latency.p99,
    r["3xx"],
    r === hello ? r.errors : r.non2xx - r["3xx"] + r.errors,
  ]),
]);
console.log(`\nclicks written ${written}, browser requests answered ${expectedClicks}\n`);
budget.check(
  "redirect p99 < 20 ms at 100 connections (counted)",
  counted.latency.p99 < 20,
  `${counted.latency.p99} ms`,
);
budget.check(
  "counting adds < 1 ms (one at a time, median)",
  single - singlePreview < 1,
  `${fmt(single - singlePreview, 3)} ms`,
);
budget.figure(
  "redirect req/s as a share of /healthz",
  `${fmt((100 * counted.requests.average) / hello.requests.average, 0)}%`,
);
budget.check(
  "every counted click written once",
  written >= expectedClicks && written <= expectedClicks + CONNECTIONS,
  `${written} written for ${expectedClicks} answered (+ up to ${CONNECTIONS} in flight)`,
);
budget.finish();
