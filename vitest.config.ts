import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowFilesFirst } from "./tests/support/slow-files-first";

/**
 * Test files run at once. Vitest's default on a run is one fewer than the cores — a single worker on the
 * 2-core machines `npm test` is budgeted on (GUIDE §6) — and the integration files spend much of their time
 * waiting rather than computing (a body or header timeout running out, a mail retry's back-off, a crashed
 * server restarting, PostgreSQL on another core): one more file than there are cores keeps both cores busy
 * while one file waits. VITEST_MAX_WORKERS overrides it (1 runs the files one after another).
 */
const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    maxWorkers: MAX_WORKERS,
    // The longest integration files first: a fresh clone has no cached durations to order by.
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // As for integration below: a worker's files share one module graph, so each file restores what it
          // changes (fake clocks, process.env) itself. Half the unit project's time was module import.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // One module graph per worker, not per file: the app's server build and its libraries are evaluated once
          // per worker instead of in each of the 62 files (vitest counted 221 s of import across a run). The files
          // share no state through modules: no vi.mock or stubEnv, no process.env writes, every server and pool
          // made and stopped by its file. Measured: 863 → 611 s of CPU, 450 → 325 s wall (decision 021).
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // A build of the current sources (made again when they changed), then one PostgreSQL server per run
          // (embedded unless TEST_DATABASE_URL) and a migrated template database.
          globalSetup: ["tests/support/fresh-build.ts", "tests/support/postgres-for-tests.ts"],
          // The libraries the app renders and routes with (React, React Router…) in the mode they run in production:
          // their development builds (checks, warnings) made server rendering 2–3× slower here. The app's own
          // settings come from the env each test server is given (tests/support/test-server.ts), not from this.
          env: { NODE_ENV: "production" },
          // A hang detector, not a speed budget: on a slow day CI ran process-level tests (a PGlite import, a backup
          // and restore) in 28–29 s of what was a 30 s limit.
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
