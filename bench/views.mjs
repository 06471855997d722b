// Budget: view counting at ≥ 2,000 views/s per instance adds < 1 ms to a sales page's p50.
// The seeded sales page (support/seed-store.mjs), signed out with a browser's user agent, each request from a new
// client address (X-Forwarded-For from a trusted loopback proxy), on two servers of the same build and data: one with
// VIEW_COUNTING=off, one with it on (every answer counted, buffered and written in batches). For each:
// one request at a time (the median, to the microsecond); autocannon at a fixed 2,000 req/s (the budget's
// rate) with a probe beside it sending one request at a time (its median under that load: the budget's p50,
// autocannon's latencies being whole milliseconds); autocannon at full speed (views/s the instance counts).
// Env: THROUGHPUT_SECONDS (10), WARMUP_SECONDS (2), CONNECTIONS (50), VIEW_RATE (2000), BENCH_NO_FAIL=1.
// Usage: npm run build && node bench/views.mjs
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { budgets, fmt, printTable } from "./support/common.mjs";
import { SALES_PAGE_PATH, seedStore } from "./support/seed-store.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const RATE = Number(process.env.VIEW_RATE ?? 2000);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HEADERS = {
  "accept-encoding": "gzip, deflate, br",
  accept: "text/html,*/*",
  "user-agent": BROWSER,
  referer: "https://www.google.com/",
};

let visitor = 0;
/** Each request from an address of its own (a repeat of one visitor's view, or past an address's daily caps, is not counted). */
function nextVisitor(request) {
  visitor = (visitor + 1) % 16_000_000;
  request.headers = { ...HEADERS, "x-forwarded-for": `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}` };
  return request;
}

function run(url, duration, overallRate) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, overallRate, requests: [{ setupRequest: nextVisitor }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The median of requests sent one at a time (until `count`, or until `until()` says stop), to the microsecond. */
async function sequentialMedian(url, { count = Number.POSITIVE_INFINITY, until = () => false } = {}) {
  const times = [];
  while (times.length < count && !until()) {
    const started = performance.now();
    await fetch(url, { headers: nextVisitor({}).headers }).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

async function measure(label, viewCounting, dataDir) {
  const server = await startServer(
    { LOG_LEVEL: "warn", TRUSTED_PROXIES: "loopback", VIEW_COUNTING: viewCounting },
    { dataDir },
  );
  try {
    const url = `${server.origin}${SALES_PAGE_PATH}`;
    const probe = await fetch(url, { headers: HEADERS });
    if (probe.status !== 200) throw new Error(`the sales page answered ${probe.status}`);
    await probe.arrayBuffer();
    await run(url, WARMUP, RATE);
    const single = await sequentialMedian(url, { count: 400 });
    // At the fixed rate, a probe sends one request at a time beside autocannon: its median under that load to the
    // microsecond (autocannon's latencies are whole milliseconds).
    let loading = true;
    const [fixed, underLoad] = await Promise.all([
      run(url, SECONDS, RATE).finally(() => {
        loading = false;
      }),
      sequentialMedian(url, { until: () => !loading }),
    ]);
    const full = await run(url, SECONDS);
    return {
      label,
      single,
      underLoad,
      p50: fixed.latency.p50,
      p99: fixed.latency.p99,
      rate: fixed.requests.average,
      fullRps: full.requests.average,
      fullP50: full.latency.p50,
      bad: fixed.non2xx + fixed.errors + full.non2xx + full.errors,
    };
  } finally {
    await server.stop();
  }
}

const dataDir = tempDataDir();
await seedStore(dataDir, { prefix: "views" });
const check = budgets("views");
try {
  const off = await measure("counting off", "off", dataDir);
  const on = await measure("counting on", "on", dataDir);
  console.log(
    `\nautocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up, ${SECONDS} s at ${RATE} req/s, then ${SECONDS} s at full speed; loopback\n`,
  );
  printTable([
    [
      "server",
      "one at a time, median ms",
      `probe median ms at ${RATE}/s`,
      `p50 ms at ${RATE}/s`,
      `p99 ms at ${RATE}/s`,
      "req/s reached",
      "full speed req/s",
      "full speed p50 ms",
      "non-2xx/errors",
    ],
    ...[off, on].map((r) => [
      r.label,
      fmt(r.single, 3),
      fmt(r.underLoad, 3),
      r.p50,
      r.p99,
      fmt(r.rate, 0),
      fmt(r.fullRps, 0),
      r.fullP50,
      r.bad,
    ]),
  ]);
  console.log("");
  check.figure("views/s counted at full speed", fmt(on.fullRps, 0));
  check.check("no non-2xx answers or errors", off.bad + on.bad === 0, `${off.bad + on.bad}`);
  check.check(
    `counting holds ${RATE} views/s`,
    on.rate >= RATE * 0.95,
    `${fmt(on.rate, 0)} req/s at the fixed rate, ${fmt(on.fullRps, 0)} at full speed`,
  );
  check.check(
    `p50 at ${RATE}/s (the probe's median): counting adds < 1 ms`,
    on.underLoad - off.underLoad < 1,
    `${fmt(off.underLoad, 3)} → ${fmt(on.underLoad, 3)} ms (autocannon's whole-ms p50: ${off.p50} → ${on.p50} ms)`,
  );
  check.check(
    "one at a time: counting adds < 1 ms to the median",
    on.single - off.single < 1,
    `${fmt(off.single, 3)} → ${fmt(on.single, 3)} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
