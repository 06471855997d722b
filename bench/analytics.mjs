// Budget: the analytics page's data for any range < 100 ms p95 on a store with 1,000,000 orders and
// 10,000,000 views. One store is seeded on a throwaway embedded PostgreSQL (and, when BENCH_DATABASE_URL names a
// PostgreSQL server, on a throwaway database there too) by bench/support/analytics-reads.ts: orders with
// generate_series, views with support/seed-views.mjs, the read model rebuilt; then the page's one statement is timed
// BENCH_ANALYTICS_READS times (60, after 5 warm-up reads) for 7, 30, 90 days, 12 months and two custom ranges.
// Bounded: each run stops after BENCH_ANALYTICS_TIMEOUT_MS (20 min).
//
//   node bench/analytics.mjs
//   BENCH_ORDERS=100000 BENCH_VIEWS=1000000 node bench/analytics.mjs      (a smaller store)
//   BENCH_ANALYTICS_DATA_DIR=/tmp/analytics-bench node bench/analytics.mjs  (seeded once, read again by later runs)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/analytics.mjs
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { tempDataDir } from "./start-server.mjs";
import { budgets, fmt, percentile, printTable } from "./support/common.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET_MS = 100;
const TIMEOUT_MS = Number(process.env.BENCH_ANALYTICS_TIMEOUT_MS ?? 20 * 60_000);
const check = budgets("analytics");

function runWorker(label, env) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, "bench/support/analytics-reads.ts"), [], {
      cwd: ROOT,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`${label}: stopped after ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    let answer;
    child.on("message", (message) => {
      answer = message;
    });
    child.once("exit", () => {
      clearTimeout(timer);
      if (answer?.done) resolve(answer);
      else reject(new Error(`${label}: ${answer?.error ?? "the worker exited without an answer"}`));
    });
  });
}

function report(label, answer) {
  console.log(`\n${label} (PostgreSQL ${answer.version})`);
  console.log(
    `seeded: orders ${fmt(answer.ordersSeconds, 1)} s, ${answer.seeded.views.toLocaleString("en-US")} views (${answer.seeded.countRows.toLocaleString("en-US")} count rows, ~${answer.seeded.visitorRows.toLocaleString("en-US")} visitor rows) ${fmt(answer.viewsSeconds, 1)} s, read model rebuilt ${fmt(answer.rebuildSeconds, 1)} s`,
  );
  console.log(
    `rows: ${answer.sizes.map((row) => `${row.name} ${Number(row.rows).toLocaleString("en-US")}`).join(", ")}`,
  );
  const rows = [["range", "p50 ms", "p95 ms", "max ms", "orders", "views", "visitors", "points"]];
  for (const result of answer.results) {
    const sorted = [...result.times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    rows.push([
      result.label,
      fmt(percentile(sorted, 50)),
      fmt(p95),
      fmt(sorted.at(-1)),
      result.orders,
      result.views,
      result.visitors,
      result.points,
    ]);
    check.check(`${label}: ${result.label} p95 < ${BUDGET_MS} ms`, p95 < BUDGET_MS, `${fmt(p95)} ms`);
  }
  printTable(rows);
  check.check(
    `${label}: 12 months' orders equal the orders' definition`,
    answer.yearOrders === answer.definitionOrders,
    `${answer.yearOrders} / ${answer.definitionOrders}`,
  );
}

// BENCH_ANALYTICS_DATA_DIR: a data folder kept between runs (seeded by the first), else a throwaway one.
const keptDataDir = process.env.BENCH_ANALYTICS_DATA_DIR;
const dataDir = keptDataDir ?? tempDataDir();
try {
  report("embedded PostgreSQL", await runWorker("embedded", { DATA_DIR: dataDir, DATABASE_URL: "" }));
} finally {
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `sellkit_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    report("external PostgreSQL", await runWorker("external", { DATABASE_URL: url.href }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else console.log("\n(external PostgreSQL run skipped: set BENCH_DATABASE_URL to a PostgreSQL server)");
check.finish();
