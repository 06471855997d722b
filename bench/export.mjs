// Budget: a CSV export of a store's 1,000,000 orders streams with the server's memory (RSS of the
// production server process, sampled every 100 ms) growing by < 100 MB. The orders are seeded directly on a
// throwaway embedded database (support/seed-orders.mjs: about 100,000 buyers, statuses as a store has them, the
// customers' totals as the app keeps them), then /orders/export.csv and /customers/export.csv are downloaded as the
// signed-in seller; the client counts bytes and records (CRLF), never keeping the file. Also measured: the
// /customers page (first page and a search) and a customer's page on that store, p50/p95 of a few reads.
//
//   npm run build && node bench/export.mjs
//   BENCH_EXPORT_ORDERS=100000 node bench/export.mjs     (a smaller store; default 1,000,000)
import { request } from "node:http";
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { MB, RSS_BUDGET_BYTES, sampleRss } from "./support/big-files.mjs";
import { seedOrders } from "./support/seed-orders.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 1_000_000);
const BUYERS = Math.max(1, Math.floor(ORDERS / 10));
const PAGE_READS = 20;

const check = budgets("export");
const figure = (label, value) => {
  console.log(`          ${label}: ${value}`);
  check.figure(label, value);
};

/** GETs `url` with `cookie`, counting bytes and CRLF-ended records as they arrive (nothing kept). */
function download(url, cookie) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie } }, (res) => {
      let bytes = 0;
      let records = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) records += 1;
      });
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, bytes, records }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const timed = (url, cookie) => timePage(url, cookie, { reads: PAGE_READS });

const dataDir = tempDataDir();
try {
  console.log(
    `export bench: ${ORDERS.toLocaleString("en-US")} orders, ${BUYERS.toLocaleString("en-US")} buyers, data ${dataDir}`,
  );
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "export", sessions: 1 });
  const app = await startAppProcess({ DATA_DIR: dataDir });
  const seedStarted = performance.now();
  let store;
  try {
    store = await seedOrders(app.request, { sellerId: creator.id, orders: ORDERS, buyers: BUYERS });
  } finally {
    await app.close();
  }
  figure("seeded", `${ORDERS.toLocaleString("en-US")} orders in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);

  const server = await startServer({}, { dataDir });
  const cookie = creator.cookies[0];
  try {
    const rows = [[`read (store of ${ORDERS.toLocaleString("en-US")} orders)`, "p50 ms", "p95 ms"]];
    for (const [label, path] of [
      ["/customers (by last purchase)", "/customers"],
      ["/customers?sort=spent", "/customers?sort=spent"],
      ["/customers?q=buyer42@", "/customers?q=buyer42%40"],
      ["/customers/buyer42@bench.test", "/customers/buyer42%40bench.test"],
      ["/orders", "/orders"],
    ]) {
      const { p50, p95 } = await timed(`${server.origin}${path}`, cookie);
      rows.push([label, fmt(p50), fmt(p95)]);
      check.figure(`${label} p95 ms`, fmt(p95));
    }
    printTable(rows);

    for (const [kind, path, expected] of [
      ["orders", "/orders/export.csv", ORDERS + 1],
      ["customers", "/customers/export.csv", null],
    ]) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const memory = sampleRss(server.pid);
      const started = performance.now();
      const result = await download(`${server.origin}${path}`, cookie);
      const seconds = (performance.now() - started) / 1000;
      const { baseline, growth } = memory.stop();
      if (result.status !== 200) throw new Error(`${path} answered ${result.status}`);
      figure(
        `${kind} export`,
        `${result.records.toLocaleString("en-US")} records, ${fmt(result.bytes / MB, 1)} MB in ${fmt(seconds, 1)} s: ${fmt((result.records - 1) / seconds, 0)} rows/s`,
      );
      check.check(
        `${kind} export: server RSS growth < 100 MB`,
        growth < RSS_BUDGET_BYTES,
        `${fmt(growth / MB, 1)} MB (baseline ${fmt(baseline / MB, 0)} MB, peak ${fmt((baseline + growth) / MB, 0)} MB)`,
      );
      if (expected !== null)
        check.check(
          `${kind} export: every order, one record each (+ header)`,
          result.records === expected,
          String(result.records),
        );
      // One record per customer and currency they paid in: at least one per customer.
      else
        check.check(
          `${kind} export: at least one record per customer (+ header)`,
          result.records >= store.customers + 1,
          String(result.records),
        );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
