// At least 1,000 hostile requests per endpoint of app/routes.ts, signed out and signed in, against the
// production build (tests/integration/platform/fuzz-*-endpoints.test.ts with FUZZ_RUNS=1000). Prints the totals;
// exits 1 on any 5xx, unanswered request, unclear rejection, partial row or failed test. `node bench/fuzz.mjs [runs]`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const runs = Number(process.argv[2] ?? process.env.FUZZ_RUNS ?? 1000);
if (!existsSync("build/server/index.js") || !existsSync("build/runtime/main.js")) {
  console.error("No build found: run `npm run build` first (npm run bench does it).");
  process.exit(1);
}
const dir = mkdtempSync(path.join(tmpdir(), "sellkit-fuzz-bench-"));
const started = Date.now();
const result = spawnSync(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "integration",
    "tests/integration/platform/fuzz-site-endpoints.test.ts",
    "tests/integration/platform/fuzz-workspace-endpoints.test.ts",
    "tests/integration/platform/fuzz-store-endpoints.test.ts",
  ],
  {
    stdio: "inherit",
    // Each group's file writes its report into this folder.
    env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_REPORT: dir },
  },
);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const reports = readdirSync(dir).map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
rmSync(dir, { recursive: true, force: true });
if (reports.length < 3) {
  console.error(`\nfuzz: ${reports.length} of 3 reports written (vitest exited ${result.status}) after ${seconds} s`);
  process.exit(1);
}
// The groups ran side by side: their requests add up, the longest one's time is the batch's.
const summary = { runsPerEndpoint: runs, byStatus: {}, firstProblems: [], ms: 0 };
for (const report of reports) {
  for (const key of ["endpoints", "requests", "fiveHundreds", "unreadBodyResets", "problems"])
    summary[key] = (summary[key] ?? 0) + report[key];
  for (const [status, count] of Object.entries(report.byStatus))
    summary.byStatus[status] = (summary.byStatus[status] ?? 0) + count;
  summary.firstProblems.push(...report.firstProblems);
  summary.ms = Math.max(summary.ms, report.ms);
}
const perSecond = Math.round(summary.requests / (summary.ms / 1000));
console.log(
  `\nfuzz: ${summary.endpoints} endpoints x ${summary.runsPerEndpoint} runs = ${summary.requests} hostile requests in ${(summary.ms / 1000).toFixed(1)} s (${perSecond}/s; whole run ${seconds} s)`,
);
console.log(`fuzz: answers by status ${JSON.stringify(summary.byStatus)}`);
console.log(`fuzz: ${summary.fiveHundreds} answered 5xx or not at all, ${summary.problems} problems in total`);
if (summary.unreadBodyResets)
  console.log(
    `fuzz: ${summary.unreadBodyResets} connections reset under the answer to a large POST body the route did not read (unread body, see tests/support/endpoint-fuzzing.ts)`,
  );
for (const problem of summary.firstProblems.slice(0, 10)) console.log(`  - ${problem}`);
process.exit(summary.fiveHundreds === 0 && summary.problems === 0 && result.status === 0 ? 0 : 1);
