// Playwright global setup: one PostgreSQL server for the run — the embedded one from the npm package, or the
// server of TEST_DATABASE_URL (CI runs the browser flows on Debian's PostgreSQL 15 this way) — and one
// migrated template database; each worker's app copies it (tests/e2e/support/worker-app.ts).
export { default } from "../../support/postgres-for-tests";
