import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { copyTableRows } from "./copy-table-rows.server";
import { MIGRATIONS_FOLDER } from "./open-database.server";
import { listPublicTables, nonEmptyPublicTables, type Query } from "./public-tables.server";
import { utcStamp } from "./utc-stamp.server";

/** Where versions before the embedded PostgreSQL kept their database (PGlite) inside DATA_DIR. */
export const PGLITE_FOLDER = "pglite";

export type PgliteImport = { imported: false } | { imported: true; rows: Record<string, number>; total: number; keptAt: string; ms: number };

/**
 * Upgrade of a DATA_DIR from the PGlite versions: when DATA_DIR/pglite holds a PGlite database, it is opened,
 * migrated to the current schema (the same `drizzle/` migrations), and every row of schema `public` is copied
 * into the PostgreSQL database at `targetUrl` in one transaction (a failure imports nothing); then the folder
 * is renamed `pglite.imported-<UTC time>` and kept as the backup. Without that folder it returns at once.
 *
 * Contract: the target is already migrated to the current schema (the caller migrates first) and holds no
 * rows in schema `public` (a fresh database): otherwise nothing is imported and it throws.
 */
export async function importPgliteData({
  dataDir,
  targetUrl,
  log = () => {},
}: {
  dataDir: string;
  targetUrl: string;
  log?: (line: string) => void;
}): Promise<PgliteImport> {
  const folder = path.resolve(dataDir, PGLITE_FOLDER);
  if (!existsSync(path.join(folder, "PG_VERSION"))) return { imported: false };
  const started = performance.now();
  log(`Importing the PGlite database of ${folder} into PostgreSQL…`);

  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const pglite = await PGlite.create({ dataDir: folder }).catch((error: Error) => {
    throw new Error(
      `Cannot open the PGlite database in ${folder} to import it (${error.message}): start the previous Sellkit version on it and back it up, or move the folder aside.`,
    );
  });
  const target = new pg.Client({ connectionString: targetUrl });
  let result: Awaited<ReturnType<typeof copyTableRows>>;
  try {
    await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_FOLDER });
    await target.connect();
    const targetQuery: Query = async (sql, params) => (await target.query(sql, params)).rows;
    await target.query("begin");
    try {
      const filled = await nonEmptyPublicTables(targetQuery, (await listPublicTables(targetQuery)).tables);
      if (filled.length > 0) {
        throw new Error(
          `Cannot import ${folder}: the PostgreSQL database already holds data (tables ${filled.join(", ")}). ` +
            `If it was imported before, move the folder aside (e.g. to ${PGLITE_FOLDER}.imported-manually); otherwise start from an empty database.`,
        );
      }
      result = await pglite.transaction(async (tx) => {
        const source: Query = async (sql, params) => (await tx.query(sql, params)).rows as never;
        return copyTableRows({ source, target: targetQuery, log });
      });
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => undefined);
      throw error;
    }
  } finally {
    await target.end().catch(() => undefined);
    await pglite.close();
  }
  // After the commit: a crash right here leaves the folder in place, and the next start refuses with the
  // message above instead of importing twice.
  const keptAt = `${folder}.imported-${utcStamp()}`;
  renameSync(folder, keptAt);
  const total = Object.values(result.rows).reduce((sum, n) => sum + n, 0);
  const ms = Math.round(performance.now() - started);
  log(`Imported ${total} rows of ${Object.keys(result.rows).length} tables from PGlite in ${ms} ms; the old folder is kept at ${keptAt}`);
  return { imported: true, rows: result.rows, total, keptAt, ms };
}
