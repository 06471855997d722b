import path from "node:path";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "./database.server";
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from "./embedded-postgres.server";
import { createPostgresListener, type Listen } from "./postgres-listener.server";
import { ambientDatabase } from "./ambient-transaction.server";

export type DatabaseHandle = {
  db: Database;
  /** 'embedded': the server this process started in DATA_DIR; 'postgres': DATABASE_URL's. */
  kind: "embedded" | "postgres";
  /** The connection URL; it carries the password, so never log it. */
  url: string;
  pool: pg.Pool;
  /** LISTENs to a channel and returns the unlisten. */
  listen: Listen;
  close: () => Promise<void>;
};

export type DatabaseLocation =
  | { kind: "postgres"; url: string }
  | ({ kind: "embedded"; dataDir: string } & Omit<EmbeddedPostgresOptions, "dataDir">);

/** The migration folder, relative to the project root. */
export const MIGRATIONS_FOLDER = path.resolve("drizzle");

/** Connections per app instance, room for several under PostgreSQL's default limit. */
export const POOL_SIZE = 10;

/** Opens DATABASE_URL's PostgreSQL or starts DATA_DIR's embedded one. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  const embedded = location.kind === "embedded" ? await startEmbeddedPostgres(location) : null;
  const url = embedded ? embedded.url : (location as { url: string }).url;
  // The connect timeout keeps an unreachable database from hanging requests; jit=off: see decision 020.
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    options: "-c jit=off",
  });
  // A broken idle connection is reported, not thrown: a throw would stop the process.
  pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
  const db = ambientDatabase(drizzle(pool));
  const listener = createPostgresListener(url);
  return {
    db,
    kind: embedded ? "embedded" : "postgres",
    url,
    pool,
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}

/** The advisory lock key that lets one instance at a time migrate a database. */
export const MIGRATION_LOCK_KEY = 727_465_116_101;

/** Applies pending migrations under an advisory lock, one instance at a time. */
export async function migrateDatabase(handle: Pick<DatabaseHandle, "db" | "pool">): Promise<void> {
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const lock = await handle.pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
