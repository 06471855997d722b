import { createReadStream, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { drizzle } from "drizzle-orm/node-postgres";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { parseBackupHeader, readLines, parseRowLine, type BackupEnd, type BackupHeader } from "./backup-format.server";
import { MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER } from "./open-database.server";
import {
  listPublicTables,
  nonEmptyPublicTables,
  publicTable,
  writePublicSequences,
  type Query,
} from "./public-tables.server";
import { EXACT_JSON_SETTINGS, writeTableRows } from "./table-rows.server";

export type RestoreResult = {
  tables: number;
  rows: number;
  backupMigrations: number;
  migrations: number;
  skippedTables: string[];
  ms: number;
};

/** The lines of a backup file; a damaged one fails with a clear message. */
function backupLines(file: string) {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  async function* lines() {
    try {
      yield* readLines(input.pipe(gunzip));
    } catch (error) {
      throw new Error(
        `${file} cannot be read as a backup (${(error as Error).message}): it is damaged, incomplete or not a backup file.`,
      );
    }
  }
  const iterator = lines();
  const close = async () => {
    await iterator.return(undefined).catch(() => undefined);
    input.destroy();
    gunzip.destroy();
  };
  return { lines: iterator, close };
}

/** Refuses a backup whose migrations are not a prefix of this version's. */
export async function checkBackup(file: string): Promise<BackupHeader> {
  const { lines, close } = backupLines(file);
  let first: string | undefined;
  try {
    first = (await lines.next()).value ?? undefined;
  } finally {
    await close();
  }
  const header = parseBackupHeader(first, file);
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const { count, lastHash } = header.migrations;
  if (count > known.length)
    throw new Error(
      `${file} was made by a newer version of Sellkit (${count} migrations; this version has ${known.length}): restore it with that version.`,
    );
  if (count > 0 && known[count - 1]!.hash !== lastHash)
    throw new Error(
      `${file} comes from another migration history (its migration ${count} differs from this version's): it cannot be restored here.`,
    );
  return header;
}

/** Restores a backup into an empty database in one transaction, then applies newer migrations. */
export async function restoreDatabase({
  url,
  file,
  force = false,
}: {
  url: string;
  file: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const started = performance.now();
  const header = await checkBackup(file);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: Query = async (sql, params) => (await client.query(sql, params)).rows;
  let staged = false;
  const loaded: Record<string, number> = {};
  const skippedTables = new Set<string>();
  try {
    const applied = await appliedMigrations(query);
    if (!force) {
      const filled = await nonEmptyPublicTables(query, (await listPublicTables(query)).tables);
      if (filled.length > 0)
        throw new Error(
          `The target database already holds data (tables ${filled.join(", ")}): restore into an empty database, or pass --force to replace its data.`,
        );
    }
    if (applied < header.migrations.count) {
      staged = true;
      await applyMigrations(url, header.migrations.count);
    }

    await client.query("begin");
    for (const setting of EXACT_JSON_SETTINGS) await query(setting);
    const target = await listPublicTables(query);
    const byName = new Map(target.tables.map((table) => [table.name, table]));
    if (force && target.tables.length > 0)
      await query(`truncate table ${target.tables.map((table) => publicTable(table.name)).join(", ")} cascade`);
    // Only foreign keys the backup's order does not satisfy need the checks off, a superuser's right.
    const position = new Map(header.tables.map((table, index) => [table.name, index]));
    const unordered = target.references.some(
      ({ child, parent }) =>
        position.has(child) && position.has(parent) && position.get(parent)! >= position.get(child)!,
    );
    if (unordered) {
      await query("set local session_replication_role = replica").catch((error: Error) => {
        throw new Error(
          `The foreign keys of this database need the rows in an order the backup does not have: loading them needs a superuser (session_replication_role): ${error.message}`,
        );
      });
    }
    const columnsOf = new Map(header.tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
    for (const table of header.tables) if (byName.has(table.name)) loaded[table.name] = 0;

    const { lines, close } = backupLines(file);
    let end: BackupEnd | undefined;
    try {
      await lines.next(); // the header
      for await (const line of lines) {
        const rows = parseRowLine(line);
        if (rows === null) {
          end = JSON.parse(line) as BackupEnd;
          if (end.end !== true)
            throw new Error(`${file} has a line that is neither rows nor the end: ${line.slice(0, 80)}`);
          continue;
        }
        const name = rows.table;
        const table = byName.get(name);
        if (!table) {
          skippedTables.add(name); // dropped by a later migration: its rows are not restored
          continue;
        }
        const present = new Set(table.columns.map((column) => column.name));
        const columns = (columnsOf.get(name) ?? []).filter((column) => present.has(column));
        loaded[name] = (loaded[name] ?? 0) + (await writeTableRows(query, table, columns, rows.json));
      }
    } finally {
      await close();
    }
    if (!end) throw new Error(`${file} is incomplete (it has no end line): nothing was restored.`);
    for (const [name, count] of Object.entries(end.rows)) {
      if (!skippedTables.has(name) && (loaded[name] ?? 0) !== count)
        throw new Error(`${file} lists ${count} rows of ${name} but holds ${loaded[name] ?? 0}: nothing was restored.`);
    }
    await writePublicSequences(query, header.sequences);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  if (staged) await applyMigrations(url);
  const migrations = await withClient(url, appliedMigrations);
  return {
    tables: Object.keys(loaded).length,
    rows: Object.values(loaded).reduce((sum, n) => sum + n, 0),
    backupMigrations: header.migrations.count,
    migrations,
    skippedTables: [...skippedTables],
    ms: Math.round(performance.now() - started),
  };
}

async function withClient<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

async function appliedMigrations(query: Query): Promise<number> {
  const [table] = await query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table!.exists) return 0;
  const [row] = await query<{ count: number }>(`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return row!.count;
}

/** Applies the migrations, or the first `upTo`, under the app's migration lock. */
async function applyMigrations(url: string, upTo?: number): Promise<void> {
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  let folder = MIGRATIONS_FOLDER;
  if (upTo !== undefined) {
    folder = mkdtempSync(path.join(tmpdir(), "sellkit-migrations-"));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, upTo);
    mkdirSync(path.join(folder, "meta"));
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries)
      copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
    await pool.end();
    if (folder !== MIGRATIONS_FOLDER) rmSync(folder, { recursive: true, force: true });
  }
}
