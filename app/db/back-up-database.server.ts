import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { BACKUP_FORMAT, BACKUP_VERSION, rowLine, type BackupEnd, type BackupHeader } from "./backup-format.server";
import { listPublicTables, readPublicSequences, type Query } from "./public-tables.server";
import { EXACT_JSON_SETTINGS, readTableRows } from "./table-rows.server";

export type BackupResult = {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
  migrations: number;
  ms: number;
};

/** Writes a consistent backup of the database at `url` to an owner-only `file`. */
export async function backUpDatabase({ url, file }: { url: string; file: string }): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  mkdirSync(path.dirname(target), { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query: Query = async (sql, params) => (await client.query(sql, params)).rows;
  const counts: Record<string, number> = {};
  let migrations = 0;
  try {
    await client.query("begin isolation level repeatable read read only");
    for (const setting of EXACT_JSON_SETTINGS) await query(setting);
    const [applied] = await query<{ count: number; last_hash: string | null }>(
      `select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last_hash from drizzle.__drizzle_migrations`,
    ).catch(() => {
      throw new Error("This database has no Sellkit migrations (drizzle.__drizzle_migrations): nothing to back up.");
    });
    migrations = applied!.count;
    const [{ version }] = (await query<{ version: string }>("select current_setting('server_version') as version")) as [
      { version: string },
    ];
    const { tables } = await listPublicTables(query);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      server: `PostgreSQL ${version}`,
      migrations: { count: applied!.count, lastHash: applied!.last_hash },
      tables: tables.map((table) => ({ name: table.name, columns: table.columns })),
      sequences: await readPublicSequences(query),
    };
    async function* lines() {
      yield `${JSON.stringify(header)}\n`;
      for (const table of tables) {
        let rows = 0;
        for await (const batch of readTableRows(query, table)) {
          rows += batch.rows;
          yield rowLine(table.name, batch.json);
        }
        counts[table.name] = rows;
      }
      const end: BackupEnd = { end: true, rows: counts };
      yield `${JSON.stringify(end)}\n`;
    }
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await client.query("commit");
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    file: target,
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((sum, n) => sum + n, 0),
    bytes: statSync(target).size,
    migrations,
    ms: Math.round(performance.now() - started),
  };
}
