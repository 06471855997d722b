// `npm test` wall time (one of the figures `npm run bench` prints): runs the README's test command
// (scripts/test.mjs: types, build, unit + integration, browser E2E) and reports its totals and wall time.
// Exits 1 when a test fails. Usage: node bench/test-time.mjs
import { spawn } from "node:child_process";
import { budgets } from "./support/common.mjs";

const check = budgets("npm-test");
const started = Date.now();
let tail = "";
const child = spawn("npm", ["test"], { stdio: ["ignore", "pipe", "inherit"] });
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-2_000);
});
const code = await new Promise((resolve) => child.on("exit", resolve));
const seconds = Math.round((Date.now() - started) / 1000);
const totals = /(\d+) passed, (\d+) failed, (\d+) skipped/.exec(tail);
check.figure("npm test wall time", `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`);
// scripts/test.mjs closes with the CPU time of every process it ran (the comparable figure on a shared machine).
const cpu = /CPU time \(user\+sys[^)]*\): (\d+) s/.exec(tail);
if (cpu) check.figure("npm test CPU time (user+sys)", `${cpu[1]} s`);
check.check("npm test passes", code === 0, totals ? totals[0] : `exit ${code}`);
check.finish();
