import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/db/open-database.server";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a throwaway database created on it (dropped by `drop`;
 * `url` names it, so a second app instance can share it).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite-memory" });
    await migrateDatabase(handle);
    return { ...handle, drop: handle.close };
  }
  const empty = await createEmptyPostgresDatabase(serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: empty.url });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: empty.url,
    async drop() {
      await handle.close();
      await empty.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (not migrated: tests of start-up, migration
 * and crashes run the app on it), dropped — even with connections left — by `drop`.
 */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sellkit_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
