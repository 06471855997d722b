// Vitest global setup of the integration tests: one PostgreSQL server per test run — the embedded one from
// the npm package (nothing to install), or the server of TEST_DATABASE_URL (CI runs the suite again on
// Debian's PostgreSQL 15) — and one migrated template database that each test file copies (CREATE DATABASE
// … TEMPLATE is a file copy: far faster than migrating every database).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase, openDatabase } from "~/db/open-database.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";

/** The environment variable naming the migrated template database of this run. */
export const TEMPLATE_DATABASE_ENV = "TEST_TEMPLATE_DATABASE";

export default async function setup() {
  let stopServer = async () => {};
  let dataDir: string | undefined;
  if (!process.env.TEST_DATABASE_URL) {
    dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-test-pg-"));
    const server = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    stopServer = server.stop;
    process.env.TEST_DATABASE_URL = server.url.replace(/\/[^/]*$/, "/postgres");
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = `sellkit_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrateDatabase(handle);
  await handle.close();
  process.env[TEMPLATE_DATABASE_ENV] = template;

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await stopServer();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
