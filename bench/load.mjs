// Load: LOAD_USERS (200) simulated creators for LOAD_SECONDS (60) against the production build, on the embedded
// database and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a throwaway
// database there too (created and dropped by this script).
//
// Each simulated user has its own verified account (seeded before the server starts) and its own client
// address (X-Forwarded-For, the server trusting loopback proxies), as real users behind a load balancer do.
// It signs in over HTTP (POST /login, intent=sign-in, the no-JavaScript form post), then loops: a random
// request, then a think time (uniform 0..2×LOAD_THINK_MS, default 500 ms mean). Request kinds:
//   prerendered — a public page without cookies (served from memory)            expected 200
//   ssr         — a public page with the session cookie (rendered per request)   expected 200
//   dashboard   — GET /dashboard (route guard, profile, business, figures)       expected 200
//   sessions    — GET /security-settings (sessions list, events, 2FA state)     expected 200
//   sign-in     — POST /login with the account's password                       expected 302 + session cookie
// A user signs in again every SIGN_IN_EVERY seconds (20), at most 9 times in all: the sign-in limits (10 per
// 15 minutes per address and per email) are never reached, so a 429 is an error like any other.
// Error = a network error, a request over 30 s, or any status other than the expected one (a redirect to
// /auth from a guarded page means the session was lost: an error). Exit 1 on any error.
import { rmSync } from "node:fs";
import { budgets, fmt, percentile, printTable, seedUsers } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 500);
const SIGN_IN_EVERY_MS = Number(process.env.SIGN_IN_EVERY ?? 20) * 1000;
const MAX_SIGN_INS = 9;
const TIMEOUT_MS = 30_000;
const PASSWORD = "Str0ng&Unusual!";
const PUBLIC_PAGES = [
  "/",
  "/features",
  "/pricing",
  "/about",
  "/blog",
  "/help",
  "/security",
  "/blog/selling-at-craft-fairs",
  "/tier/pro",
  "/privacy",
];
const WEIGHTS = [
  ["prerendered", 30],
  ["ssr", 15],
  ["dashboard", 25],
  ["sessions", 25],
];
const KINDS = ["prerendered", "ssr", "dashboard", "sessions", "sign-in"];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
function pickKind() {
  let roll = Math.random() * WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return WEIGHTS[0][0];
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function runLoad(label, serverEnv, seedEnv) {
  const accounts = await seedUsers(seedEnv, { count: USERS, prefix: `load-${Date.now()}`, password: PASSWORD });
  const server = await startServer(
    { LOG_LEVEL: "warn", TRUSTED_PROXIES: "loopback", ...serverEnv },
    { dataDir: seedEnv.DATA_DIR },
  );
  const latencies = Object.fromEntries(KINDS.map((kind) => [kind, []]));
  const errors = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const statuses = {};
  const samples = [];
  let requests = 0;

  async function send(user, kind, path, init = {}) {
    const headers = {
      "x-forwarded-for": user.ip,
      "user-agent": "sellkit-load/1.0",
      "accept-encoding": "gzip, deflate, br",
      ...init.headers,
    };
    if (init.withCookie !== false && user.cookie) headers.cookie = user.cookie;
    const started = performance.now();
    let status = "network";
    let response;
    try {
      response = await fetch(`${server.origin}${path}`, {
        method: init.method ?? "GET",
        body: init.body,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      status = error?.name === "TimeoutError" ? "timeout" : "network";
    }
    const ms = performance.now() - started;
    requests += 1;
    latencies[kind].push(ms);
    const key = `${kind} ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    return { status, response };
  }

  async function signIn(user) {
    user.signIns += 1;
    user.lastSignIn = Date.now();
    const body = new URLSearchParams({
      intent: "sign-in",
      email: user.email,
      password: PASSWORD,
      redirectTo: "/dashboard",
    });
    const { status, response } = await send(user, "sign-in", "/login", {
      method: "POST",
      body,
      withCookie: false,
      headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    });
    const cookie = response?.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("sellkit.session_token=") && c.length > 30);
    if (status !== 302 || !cookie) {
      errors["sign-in"] += 1;
      if (samples.length < 5) samples.push(`sign-in → ${status}`);
      return;
    }
    user.cookie = cookie;
  }

  const deadline = Date.now() + SECONDS * 1000;
  async function simulate(user) {
    await sleep(Math.random() * 2 * THINK_MS); // users arrive spread over the first think time
    await signIn(user);
    while (Date.now() < deadline) {
      await sleep(Math.random() * 2 * THINK_MS);
      if (Date.now() >= deadline) break;
      if (!user.cookie || (user.signIns < MAX_SIGN_INS && Date.now() - user.lastSignIn >= SIGN_IN_EVERY_MS)) {
        await signIn(user);
        continue;
      }
      const kind = pickKind();
      const path =
        kind === "dashboard" ? "/dashboard" : kind === "sessions" ? "/security-settings" : pick(PUBLIC_PAGES);
      const { status } = await send(user, kind, path, {
        withCookie: kind !== "prerendered",
        headers: { accept: "text/html" },
      });
      if (status !== 200) {
        errors[kind] += 1;
        if (samples.length < 5) samples.push(`${kind} ${path} → ${status}`);
      }
    }
  }

  const started = Date.now();
  try {
    const users = accounts.map((account, index) => ({
      email: account.email,
      ip: `198.18.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`,
      cookie: null,
      signIns: 0,
      lastSignIn: 0,
    }));
    await Promise.all(users.map(simulate));
  } finally {
    await server.stop();
  }
  const elapsed = (Date.now() - started) / 1000;
  const rows = KINDS.map((kind) => {
    const sorted = latencies[kind].sort((a, b) => a - b);
    return {
      kind,
      count: sorted.length,
      errors: errors[kind],
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1),
    };
  });
  const totalErrors = rows.reduce((sum, row) => sum + row.errors, 0);
  console.log(
    `\n${label}: ${USERS} users, ${SECONDS} s, think time 0–${2 * THINK_MS} ms — ${requests} requests (${fmt(requests / elapsed, 0)}/s), ${totalErrors} errors\n`,
  );
  printTable([
    ["kind", "requests", "errors", "p50 ms", "p99 ms", "max ms"],
    ...rows.map((r) => [r.kind, r.count, r.errors, fmt(r.p50), fmt(r.p99), fmt(r.max)]),
  ]);
  console.log(
    `statuses: ${Object.entries(statuses)
      .sort()
      .map(([key, count]) => `${key}: ${count}`)
      .join(", ")}`,
  );
  if (samples.length) console.log(`first errors: ${samples.join("; ")}`);
  return { label, requests, elapsed, rows, totalErrors };
}

const check = budgets("load");
const runs = [];
const dataDir = tempDataDir();
try {
  runs.push(await runLoad("embedded PostgreSQL", { DATABASE_URL: "" }, { DATA_DIR: dataDir, DATABASE_URL: "" }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const { default: pg } = await import("pg");
  const name = `sellkit_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    runs.push(await runLoad("PostgreSQL", { DATABASE_URL: url.href }, { DATABASE_URL: url.href }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("\n(PostgreSQL run skipped: set BENCH_DATABASE_URL to a PostgreSQL server to load it too)");
}

console.log("");
for (const run of runs) {
  check.figure(
    `${run.label}: requests (${USERS} users, ${SECONDS} s)`,
    `${run.requests} (${fmt(run.requests / run.elapsed, 0)}/s)`,
  );
  for (const row of run.rows)
    check.figure(`${run.label}: ${row.kind} p50/p99 ms`, `${fmt(row.p50)} / ${fmt(row.p99)} (${row.count})`);
  check.check(
    `${run.label}: no errors under load`,
    run.totalErrors === 0,
    `${run.totalErrors} errors in ${run.requests} requests`,
  );
}
check.finish();
