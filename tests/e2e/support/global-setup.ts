// Playwright global setup: a build of the current sources (made again when they changed: ../../support/fresh-build),
// then one PostgreSQL server for the run — the embedded one from the npm package, or the server of
// TEST_DATABASE_URL (CI runs the browser flows on Debian's PostgreSQL 15 this way) — and one migrated template
// database; each worker's app copies it (tests/e2e/support/worker-app.ts).
import freshBuild from "../../support/fresh-build";
import startPostgres from "../../support/postgres-for-tests";

export default async function globalSetup() {
  freshBuild();
  return startPostgres();
}
