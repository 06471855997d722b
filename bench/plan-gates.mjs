// Budget: the plan guard adds < 1 ms to a request. On a throwaway embedded PostgreSQL with BENCH_PLAN_USERS creators
// (20,000; every other one subscribed), bench/support/plan-gate-reads.ts times BENCH_PLAN_READS (2,000) random
// creators' turns, interleaved: the server guard (requirePlanFeature: an action's one extra query), a page read with
// and without the plan part (planInForceQuery in the page's one statement: what a lock costs), and the pure
// checkPlanFeature; a bare `select 1` beside them shows the machine's round trip. Bounded: stops after BENCH_PLAN_TIMEOUT_MS (5 min).
//
//   node bench/plan-gates.mjs
import { fork } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tempDataDir } from "./start-server.mjs";
import { budgets, fmt, percentile, printTable } from "./support/common.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUDGET_MS = 1;
const TIMEOUT_MS = Number(process.env.BENCH_PLAN_TIMEOUT_MS ?? 5 * 60_000);
const check = budgets("plan-gates");

function runWorker(dataDir) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, "bench/support/plan-gate-reads.ts"), [], {
      cwd: ROOT,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, LOG_LEVEL: "warn", DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`stopped after ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    let answer;
    child.on("message", (message) => {
      answer = message;
    });
    child.once("exit", () => {
      clearTimeout(timer);
      if (answer?.done) resolve(answer);
      else reject(new Error(answer?.error ?? "the worker exited without an answer"));
    });
  });
}

const dataDir = tempDataDir();
let answer;
try {
  answer = await runWorker(dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const roundTrip = stats(answer.times.roundTrip);
const guard = stats(answer.times.guard);
const without = stats(answer.times.pageWithout);
const withPlan = stats(answer.times.pageWith);
const added = { p50: withPlan.p50 - without.p50, p95: withPlan.p95 - without.p95, p99: withPlan.p99 - without.p99 };
const checkUs = answer.times.check[0] * 1000;

console.log(
  `\nembedded PostgreSQL ${answer.version}, ${answer.users.toLocaleString("en-US")} creators, ${answer.reads.toLocaleString("en-US")} reads each`,
);
const ms = (value) => fmt(value, 3);
printTable([
  ["what", "p50 ms", "p95 ms", "p99 ms"],
  ["a bare round trip (select 1), for scale", ms(roundTrip.p50), ms(roundTrip.p95), ms(roundTrip.p99)],
  ["guard: requirePlanFeature (one query)", ms(guard.p50), ms(guard.p95), ms(guard.p99)],
  ["page read without the plan part", ms(without.p50), ms(without.p95), ms(without.p99)],
  ["page read with planInForceQuery", ms(withPlan.p50), ms(withPlan.p95), ms(withPlan.p99)],
  ["added by the plan part", ms(added.p50), ms(added.p95), ms(added.p99)],
]);
console.log(`checkPlanFeature alone: ${fmt(checkUs, 3)} µs per call`);
// An action pays the guard's whole query; a page pays only what the plan part adds to its one statement. The p50 is
// the budget's measure: on a shared machine the p95 of even a bare round trip moves by milliseconds.
check.check(`the guard adds < ${BUDGET_MS} ms to an action (p50)`, guard.p50 < BUDGET_MS, `${ms(guard.p50)} ms`);
check.check(`the plan part adds < ${BUDGET_MS} ms to a page read (p50)`, added.p50 < BUDGET_MS, `${ms(added.p50)} ms`);
check.figure("the guard's p95 against a bare round trip's", `${ms(guard.p95)} / ${ms(roundTrip.p95)} ms`);
check.figure("checkPlanFeature per call", `${fmt(checkUs, 3)} µs`);
check.finish();
