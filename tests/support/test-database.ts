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
  const name = `sellkit_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
