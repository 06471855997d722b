import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/open-database.server";
import { TEMPLATE_DATABASE_ENV } from "./postgres-for-tests";

/** The PostgreSQL server of this test run: the embedded one the global setup started, or CI's (TEST_DATABASE_URL). */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      "TEST_DATABASE_URL is not set: the integration tests' global setup (tests/support/postgres-for-tests.ts) starts a server and sets it.",
    );
  return url;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's migrated template database (created by
 * the global setup), on the run's PostgreSQL server. `url` names it, so a second app instance can share it;
 * `drop` closes the connections and drops it. `open` opens it (the server build's own `openDatabase` for a test
 * server).
 */
export async function createTestDatabase(
  open: typeof openDatabase = openDatabase,
): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  const empty = await createEmptyPostgresDatabase(testServerUrl(), process.env[TEMPLATE_DATABASE_ENV]);
  const handle = await open({ kind: "postgres", url: empty.url });
  return {
    ...handle,
    async drop() {
      await handle.close();
      await empty.drop();
    },
  };
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server at `serverUrl` — empty (tests of start-up, migration and crashes
 * run the app on it), or a copy of `template` — dropped, even with connections left, by `drop`.
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string = testServerUrl(),
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sellkit_test_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
