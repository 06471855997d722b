// Server boot time on the embedded database: `node build/runtime/main.js` with a fresh DATA_DIR (first boot:
// the database is created and every migration applied), then again on the same DATA_DIR (warm boot), each
// timed from spawn to the "Sellkit is running at" line. BOOT_RUNS (3) runs of each; the median is reported.
// Budgets: first start ≤ 6 s (initdb, server start, migrations), warm start ≤ 3 s.
import { rmSync } from "node:fs";
import { budgets, fmt, printTable } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const RUNS = Number(process.env.BOOT_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const check = budgets("boot");
const first = [];
const warm = [];
let failure;
for (let run = 0; run < RUNS; run += 1) {
  const dataDir = tempDataDir();
  try {
    for (const list of [first, warm]) {
      const server = await startServer({ DATABASE_URL: "", LOG_LEVEL: "warn" }, { dataDir });
      list.push(server.bootMs);
      await server.stop();
    }
  } catch (error) {
    failure = error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
printTable([
  ["boot (embedded PostgreSQL)", "median ms", "runs ms"],
  ["first (fresh DATA_DIR, migrations)", fmt(median(first), 0), first.join(", ")],
  ["warm (same DATA_DIR)", fmt(median(warm), 0), warm.join(", ")],
]);
const FIRST_BOOT_BUDGET_MS = 6_000;
const WARM_BOOT_BUDGET_MS = 3_000;
check.check(
  `first boot ≤ ${FIRST_BOOT_BUDGET_MS} ms (fresh DATA_DIR, median)`,
  median(first) <= FIRST_BOOT_BUDGET_MS,
  `${fmt(median(first), 0)} ms`,
);
check.check(
  `warm boot ≤ ${WARM_BOOT_BUDGET_MS} ms (median)`,
  median(warm) <= WARM_BOOT_BUDGET_MS,
  `${fmt(median(warm), 0)} ms`,
);
check.check(
  "server boots",
  !failure && first.length === RUNS && warm.length === RUNS,
  failure ? String(failure.message) : "yes",
);
check.finish();
