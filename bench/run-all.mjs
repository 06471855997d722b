// `npm run bench`: every performance budget script, in one run, against a fresh production build; then one
// summary of every figure. Each script stays runnable on its own (`node bench/<script>.mjs`) and exits 1 when
// its budget is missed; this exits 1 if any did (or ran over its time limit).
// Env: BENCH_SKIP_BUILD=1 (use the current build), BENCH_ONLY=throughput,sse (a subset), BENCH_NO_FAIL=1,
// BENCH_DATABASE_URL (load also runs on PostgreSQL), BENCH_SKIP_TESTS=1 (leave out the `npm test` wall time).
// Total time is bounded: every script has a time limit.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const postgres = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
// [name, label, script arguments, time limit in seconds]
const scripts = [
  ["bundle-size", "bundle sizes per public route", ["bench/bundle-size.mjs"], 60],
  ["throughput", "throughput and p99 under autocannon", ["bench/throughput.mjs"], 180],
  [
    "load",
    `${process.env.LOAD_USERS ?? 200} simulated users for ${LOAD_SECONDS} s`,
    ["bench/load.mjs"],
    (LOAD_SECONDS + 120) * (postgres ? 2 : 1),
  ],
  ["sse", "live security events on 1,000 open streams", ["bench/sse.mjs"], 240],
  ["sign-in", "sign-ins against the bare password hash", ["bench/sign-in.mjs"], 180],
  ["boot", "server boot time (embedded database)", ["bench/boot.mjs"], 180],
  ["sales-page", "a product's sales page against a static file", ["bench/sales-page.mjs"], 180],
  ["views", "view counting on against off on a sales page", ["bench/views.mjs"], 240],
  ["plan-gates", "the plan guard's added cost per request", ["bench/plan-gates.mjs"], 300],
  ["billing-page", "the billing page's data with two years of invoices", ["bench/billing-page.mjs"], 300],
  ["social-links", "tracking-link redirects and their click counting", ["bench/social-links.mjs"], 180],
  ["oversell", "200 concurrent buyers for the last 10 units", ["bench/oversell.mjs"], 300],
  ["lighthouse", "Lighthouse mobile per public route", ["bench/lighthouse.mjs"], 900],
  ["pos", "the point of sale's JavaScript", ["bench/pos.mjs"], 60],
  [
    "pos-browser",
    "the point of sale in a browser: cart, offline reload, 20 offline sales",
    ["bench/pos-browser.mjs"],
    300,
  ],
  ["lighthouse-pos", "Lighthouse accessibility of the Mobile POS", ["bench/lighthouse-pos.mjs"], 300],
  ["fuzz", "fuzzing the endpoints", ["bench/fuzz.mjs"], 900],
  ["npm-test", "npm test wall time", ["bench/test-time.mjs"], 1800],
].filter(
  ([name, , args]) =>
    existsSync(args[0]) &&
    !(name === "npm-test" && process.env.BENCH_SKIP_TESTS === "1") &&
    (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(name)),
);

const started = Date.now();
if (process.env.BENCH_SKIP_BUILD !== "1" && spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0)
  process.exit(1);

const resultsDir = mkdtempSync(path.join(tmpdir(), "sellkit-bench-results-"));
const resultsFile = path.join(resultsDir, "results.jsonl");

/** Runs a script with a time limit, echoing its output and keeping its last lines for the summary. */
let current;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    try {
      if (current) process.kill(-current.pid, "SIGTERM");
    } catch {}
    process.exit(130);
  });
}

function runScript(args, limitSeconds) {
  return new Promise((resolve) => {
    // Its own process group, so a time limit ends the script and the servers it started.
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, BENCH_RESULTS: resultsFile },
      detached: true,
    });
    current = child;
    let output = "";
    const keep = (stream, sink) =>
      stream.on("data", (chunk) => {
        sink.write(chunk);
        output = (output + chunk.toString()).slice(-20_000);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 5_000).unref();
    }, limitSeconds * 1000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, output });
    });
  });
}

const outcomes = [];
for (const [name, label, args, limit] of scripts) {
  console.log(`\n▶ ${label} (node ${args.join(" ")}, limit ${limit} s)`);
  const scriptStarted = Date.now();
  const { code, timedOut, output } = await runScript(args, limit);
  outcomes.push({ name, ok: code === 0 && !timedOut, timedOut, seconds: (Date.now() - scriptStarted) / 1000, output });
}

const results = existsSync(resultsFile)
  ? readFileSync(resultsFile, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(resultsDir, { recursive: true, force: true });

console.log(
  `\n════════ Benchmark summary (${new Date().toISOString()}, ${((Date.now() - started) / 1000) | 0} s) ════════`,
);
for (const outcome of outcomes) {
  console.log(
    `\n${outcome.ok ? "✓" : "✗"} ${outcome.name} — ${outcome.ok ? "budgets met" : outcome.timedOut ? "TIMED OUT" : "BUDGET MISSED"} (${outcome.seconds.toFixed(0)} s)`,
  );
  const figures = results.filter((result) => result.script === outcome.name);
  if (figures.length) {
    for (const figure of figures)
      console.log(`  ${figure.ok === undefined ? " " : figure.ok ? "✓" : "✗"} ${figure.label}: ${figure.value}`);
  } else if (outcome.name === "lighthouse") {
    // Its own table: one line per route (scores, LCP, TBT, CLS).
    for (const line of outcome.output.split("\n").filter((l) => /^(route|\/)/.test(l))) console.log(`    ${line}`);
  } else {
    for (const line of outcome.output
      .trim()
      .split("\n")
      .slice(outcome.name === "bundle-size" ? -1 : -3))
      console.log(`    ${line}`);
  }
}
const failed = outcomes.filter((outcome) => !outcome.ok).length;
console.log(`\n${outcomes.length - failed} scripts met their budgets, ${failed} missed`);
process.exit(failed ? 1 : 0);
