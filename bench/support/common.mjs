// Shared helpers of the bench scripts: the in-process app child (seeding, events), figures, budgets.
import { fork } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_AUTH_SECRET, freePort } from "../start-server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Starts bench/support/app-process.ts (the app's own modules through tsx) on the database of `env`
 * (DATABASE_URL or DATA_DIR). `request(op, fields)` answers its reply; `close()` ends it.
 */
export async function startAppProcess(env = {}) {
  const port = env.PORT ?? String(await freePort());
  const child = fork(path.join(ROOT, "bench/support/app-process.ts"), [], {
    cwd: ROOT,
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: BENCH_AUTH_SECRET,
      HOST: "127.0.0.1",
      PORT: port,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map();
  let next = 0;
  await new Promise((resolve, reject) => {
    child.on("message", (message) => {
      if (message.ready) return resolve();
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(message.error));
    });
    child.once("exit", (code) => {
      reject(new Error(`app process exited with ${code}`));
      for (const waiter of pending.values()) waiter.reject(new Error(`app process exited with ${code}`));
    });
  });
  const request = (op, fields = {}) =>
    new Promise((resolve, reject) => {
      next += 1;
      pending.set(next, { resolve, reject });
      child.send({ id: next, op, ...fields });
    });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    request,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await request("close").catch(() => undefined);
      await exited;
    },
  };
}

/** Creates `count` verified creators in the database of `env`, then closes it (for a server started after). */
export async function seedUsers(env, fields) {
  const app = await startAppProcess(env);
  try {
    return await app.request("seed", fields);
  } finally {
    await app.close();
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

/** Prints a table of rows (arrays of cells), the first row being the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const [index, row] of rows.entries()) {
    console.log(
      row
        .map((cell, column) =>
          column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
        )
        .join("  "),
    );
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}

/**
 * The budget checks of one script: `check(label, ok, figure)` prints and remembers; `finish()` reports to
 * `npm run bench` (BENCH_RESULTS file) and exits 1 on a miss unless BENCH_NO_FAIL=1.
 */
export function budgets(script) {
  const results = [];
  return {
    figure(label, value) {
      results.push({ script, label, value });
    },
    check(label, ok, value) {
      results.push({ script, label, value, ok });
      console.log(`${ok ? "✓ met   " : "✗ MISSED"}  ${label}: ${value}`);
      return ok;
    },
    finish() {
      if (process.env.BENCH_RESULTS)
        for (const result of results) appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(result)}\n`);
      const missed = results.filter((result) => result.ok === false).length;
      if (missed && process.env.BENCH_NO_FAIL !== "1") process.exit(1);
      process.exit(0);
    },
  };
}

/**
 * p50/p95 of `reads` GETs of `url` as the signed-in `cookie` (after `warmUp` reads that warm the caches); each
 * read must answer 200 and, with `expect`, show that text.
 */
export async function timePage(url, cookie, { reads, warmUp = 0, expect } = {}) {
  const times = [];
  for (let run = 0; run < warmUp + reads; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    if (expect && !body.includes(expect)) throw new Error(`${url} does not show ${expect}`);
    if (run >= warmUp) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
