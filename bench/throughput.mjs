// Throughput and latency under autocannon on loopback, production build, all in one run:
//   prerendered page ≥ 70% of the requests/s of a static file served by the same server;
//   authenticated data read ≥ 40% of a hello-world route (GET /healthz: no database work);
//   p99 < 50 ms at 100 connections for the prerendered page and the authenticated read;
//   the authenticated read at 100 connections: p99 ≤ 3× its p50 (no request queued unfairly) and ≥ 11% of
//   hello world's req/s. It is also measured at 10 connections (p50, p99) for comparison.
// Each target: a warm-up, then a measured run, 100 connections, each started on an idle server (see settle). The authenticated read is
// GET /dashboard.data (client navigation data of the dashboard) with the session cookie of a verified creator
// (seeded in the database before the server starts, see bench/support/app-process.ts): one database statement
// (app/kernel/session/read-session-user.server.ts) makes the session check (signed cookie, session, user,
// second-factor state), the 'last active' mark with the `authorized_access` security event (once a minute per
// session) and the dashboard's profile, business, sales-method and figure reads.
// Env: THROUGHPUT_SECONDS (10), WARMUP_SECONDS (2), CONNECTIONS (100), BENCH_NO_FAIL=1 (report only).
// Usage: node bench/throughput.mjs
import { readdirSync, statSync } from "node:fs";
import autocannon from "autocannon";
import { budgets, fmt, printTable, seedUsers, startAppProcess } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { rmSync } from "node:fs";

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);
const WARMUP = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "*/*", "user-agent": "sellkit-bench" };

// The static file: the hashed asset closest in size to the prerendered page, so that both answers carry about
// the same bytes and the ratio compares the work of serving them, not the size of the body.
const PAGE = "/pricing";
const pageBytes = statSync(`build/client${PAGE}/index.html`).size;
const asset = readdirSync("build/client/assets")
  .map((name) => ({ name, bytes: statSync(`build/client/assets/${name}`).size }))
  .sort((a, b) => Math.abs(a.bytes - pageBytes) - Math.abs(b.bytes - pageBytes))[0];

function run(url, headers, duration, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: { ...BROWSER_HEADERS, ...headers } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Waits until the server has drained what the previous run left in flight (autocannon stops with 100
 * requests unanswered, which the server still works through): one request at a time until one answers
 * within 100 ms (at most 30 s), so every run starts on an idle server.
 */
async function settle(url, headers) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers } })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - started < 100) return;
  }
}

async function measure(label, url, headers = {}, connections = CONNECTIONS) {
  await settle(url, headers);
  await run(url, headers, WARMUP, connections);
  await settle(url, headers);
  const result = await run(url, headers, SECONDS, connections);
  const bad = result.non2xx + result.errors;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .join(", ");
  if (bad)
    console.log(
      `${label}: ${result.non2xx} non-2xx, ${result.errors} errors of which ${result.timeouts} timeouts (10 s); statuses ${statuses}`,
    );
  return {
    label,
    path: new URL(url).pathname,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    bad,
  };
}

const dataDir = tempDataDir();
const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "throughput", sessions: 1 });
const server = await startServer({ LOG_LEVEL: "warn" }, { dataDir });
const check = budgets("throughput");
let rows;
try {
  // The cookie must really authenticate: a redirect to /auth would be measured as a fast answer.
  const probe = await fetch(`${server.origin}/dashboard.data`, {
    headers: { cookie: creator.cookies[0] },
    redirect: "manual",
  });
  if (probe.status !== 200)
    throw new Error(`the seeded session does not authenticate: /dashboard.data answered ${probe.status}`);
  console.log(`static file: /assets/${asset.name} (${asset.bytes} bytes; the page ${PAGE}: ${pageBytes} bytes)`);
  const statik = await measure("static file", `${server.origin}/assets/${asset.name}`);
  const prerendered = await measure("prerendered page", `${server.origin}${PAGE}`);
  const hello = await measure("hello world", `${server.origin}/healthz`);
  const authRead = await measure("authenticated data read", `${server.origin}/dashboard.data`, {
    cookie: creator.cookies[0],
  });
  // The same read at 10 connections: the server's capacity for it without a queue of 100.
  const authRead10 = await measure(
    "authenticated read, 10 conn.",
    `${server.origin}/dashboard.data`,
    { cookie: creator.cookies[0] },
    10,
  );
  rows = [statik, prerendered, hello, authRead, authRead10];

  console.log(`\nautocannon: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per target, loopback\n`);
  printTable([
    ["target", "path", "req/s", "p50 ms", "p99 ms", "max ms", "requests", "non-2xx/errors/timeouts"],
    ...rows.map((r) => [
      r.label,
      r.path.length > 40 ? `${r.path.slice(0, 37)}...` : r.path,
      fmt(r.rps, 0),
      r.p50,
      r.p99,
      r.max,
      r.total,
      r.bad,
    ]),
  ]);
  console.log("");
  for (const r of rows) {
    check.figure(`${r.label} req/s`, fmt(r.rps, 0));
    check.figure(`${r.label} p50 ms`, r.p50);
    check.figure(`${r.label} p99 ms`, r.p99);
  }
  const staticRatio = prerendered.rps / statik.rps;
  const authRatio = authRead.rps / hello.rps;
  check.check(
    "no non-2xx answers, errors or timeouts",
    rows.every((r) => r.bad === 0),
    rows.map((r) => `${r.label} ${r.bad}`).join(", "),
  );
  check.check(
    "prerendered page / static file req/s ≥ 70%",
    staticRatio >= 0.7,
    `${fmt(staticRatio * 100)}% (${fmt(prerendered.rps, 0)} / ${fmt(statik.rps, 0)})`,
  );
  check.check(
    "authenticated read / hello world req/s ≥ 40%",
    authRatio >= 0.4,
    `${fmt(authRatio * 100)}% (${fmt(authRead.rps, 0)} / ${fmt(hello.rps, 0)})`,
  );
  check.check(
    `prerendered page p99 < 50 ms at ${CONNECTIONS} connections`,
    prerendered.p99 < 50,
    `${prerendered.p99} ms`,
  );
  check.check(`authenticated read p99 < 50 ms at ${CONNECTIONS} connections`, authRead.p99 < 50, `${authRead.p99} ms`);
  // The read's tail against its own median, and its share of hello world's req/s in the same run.
  check.check(
    `authenticated read p99 ≤ 3× its p50 at ${CONNECTIONS} connections`,
    authRead.p99 <= 3 * authRead.p50,
    `p99 ${authRead.p99} ms, p50 ${authRead.p50} ms (${fmt(authRead.p99 / authRead.p50)}×); ` +
      `at 10 connections p50 ${authRead10.p50} ms, p99 ${authRead10.p99} ms`,
  );
  check.check(
    "authenticated read / hello world req/s ≥ 11%",
    authRatio >= 0.11,
    `${fmt(authRatio * 100)}% (${fmt(authRead.rps, 0)} / ${fmt(hello.rps, 0)}); ` +
      `at 10 connections ${fmt((authRead10.rps / hello.rps) * 100)}%`,
  );
} finally {
  await server.stop();
}
try {
  // Where an authenticated read's server time goes: each step alone, sequentially, same database.
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const steps = await app.request("steps", { cookie: creator.cookies[0], userId: creator.id });
  await app.close();
  const dbSteps = steps.filter(
    (s) =>
      !s.step.startsWith("database round trip") &&
      !s.step.startsWith("better-auth") &&
      !s.step.startsWith("the dashboard read as it runs"),
  );
  console.log("\nserver work of one authenticated dashboard read, step by step (mean of 300, one at a time):\n");
  printTable([
    ["step", "ms"],
    ...steps.map((s) => [s.step, fmt(s.ms, 2)]),
    [
      "sum of these steps made one by one (the read makes them in one statement)",
      fmt(
        dbSteps.reduce((sum, s) => sum + s.ms, 0),
        2,
      ),
    ],
  ]);
  for (const s of steps) check.figure(`auth read step: ${s.step} ms`, fmt(s.ms, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// The same authenticated read on PostgreSQL (BENCH_DATABASE_URL), in a throwaway database, for comparison.
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const { default: pg } = await import("pg");
  const name = `sellkit_bench_tp_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    const [pgCreator] = await seedUsers({ DATABASE_URL: url.href }, { count: 1, prefix: "throughput-pg", sessions: 1 });
    const pgServer = await startServer({ LOG_LEVEL: "warn", DATABASE_URL: url.href });
    let pgRows;
    try {
      const hello = await measure("hello world (PostgreSQL)", `${pgServer.origin}/healthz`);
      const authRead = await measure("authenticated read (PostgreSQL)", `${pgServer.origin}/dashboard.data`, {
        cookie: pgCreator.cookies[0],
      });
      const authRead10 = await measure(
        "auth. read, 10 conn. (PostgreSQL)",
        `${pgServer.origin}/dashboard.data`,
        { cookie: pgCreator.cookies[0] },
        10,
      );
      pgRows = [hello, authRead, authRead10];
      console.log("");
      printTable([
        ["target (PostgreSQL)", "req/s", "p50 ms", "p99 ms", "max ms", "requests", "non-2xx/errors/timeouts"],
        ...pgRows.map((r) => [r.label, fmt(r.rps, 0), r.p50, r.p99, r.max, r.total, r.bad]),
      ]);
      console.log("");
      for (const r of pgRows) {
        check.figure(`${r.label} req/s`, fmt(r.rps, 0));
        check.figure(`${r.label} p99 ms`, r.p99);
      }
      check.figure(
        "PostgreSQL: authenticated read / hello world req/s (budget ≥ 40%; the budget is checked on the embedded database)",
        `${fmt((authRead.rps / hello.rps) * 100)}%`,
      );
    } finally {
      await pgServer.stop();
    }
    const app = await startAppProcess({ DATABASE_URL: url.href });
    const steps = await app.request("steps", { cookie: pgCreator.cookies[0], userId: pgCreator.id });
    await app.close();
    console.log("server work of one authenticated dashboard read on PostgreSQL, step by step:\n");
    printTable([["step", "ms"], ...steps.map((s) => [s.step, fmt(s.ms, 2)])]);
    for (const s of steps) check.figure(`auth read step (PostgreSQL): ${s.step} ms`, fmt(s.ms, 2));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
check.finish();
