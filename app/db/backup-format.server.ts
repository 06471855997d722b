import type { Readable } from "node:stream";
import type { SequenceState, TableColumn } from "./public-tables.server";

/**
 * The backup file of `npm run db:backup` (decision 013: the embedded package ships no pg_dump), version 1.
 * One gzip stream of UTF-8 JSON lines:
 *
 *   1. the header:  {"format":"sellkit-backup","version":1,"createdAt":"<ISO UTC>","server":"PostgreSQL 18.…",
 *                    "migrations":{"count":6,"lastHash":"<sha256 of the last applied drizzle migration>"},
 *                    "tables":[{"name":"user","columns":[{"name":"id","type":"text"},…]},…],
 *                    "sequences":[{"name":"…","lastValue":"42","isCalled":true},…]}
 *      tables are listed parents first (foreign keys), which is also the order of the row lines;
 *   2. row lines:   {"table":"user","rows":[{"id":"…","name":"…",…},…]}  — a batch of rows (about 4 MB of JSON at
 *      most) of one table, each row as PostgreSQL's to_json of the listed columns, written in UTC; exactly this
 *      shape (key order, no spaces), so a reader finds the table and hands the rows to PostgreSQL unparsed;
 *   3. the end:     {"end":true,"rows":{"user":2,…}}  — row counts per table; a file without it is incomplete.
 *
 * Everything is read inside one REPEATABLE READ READ ONLY transaction (one snapshot, while the app writes).
 * Restore migrates an empty database to the backup's migration, loads the rows by name (so columns added later
 * take their defaults), then applies the newer migrations.
 */
export const BACKUP_FORMAT = "sellkit-backup";
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  server: string;
  migrations: { count: number; lastHash: string | null };
  tables: { name: string; columns: TableColumn[] }[];
  sequences: SequenceState[];
};

export type BackupEnd = { end: true; rows: Record<string, number> };

/** A row line: a batch of rows (a JSON array from PostgreSQL) of one table. */
export function rowLine(table: string, json: string): string {
  return `{"table":${JSON.stringify(table)},"rows":${json}}\n`;
}

/**
 * The table and rows of a row line as the backup writes it, read without parsing the rows (JSON.parse would
 * round big integers and numerics: PostgreSQL reads them). Null when the line is not a row line.
 */
export function parseRowLine(line: string): { table: string; json: string } | null {
  const match = /^\{"table":("(?:[^"\\]|\\.)*"),"rows":(?=\[)/.exec(line);
  if (!match || !line.endsWith("]}")) return null;
  return { table: JSON.parse(match[1]!) as string, json: line.slice(match[0].length, -1) };
}

/** The lines of a text stream, one at a time (the stream is read only as fast as they are consumed). */
export async function* readLines(stream: Readable): AsyncGenerator<string> {
  stream.setEncoding("utf8");
  let parts: string[] = [];
  for await (const chunk of stream as AsyncIterable<string>) {
    let start = 0;
    for (let newline = chunk.indexOf("\n"); newline !== -1; newline = chunk.indexOf("\n", start)) {
      parts.push(chunk.slice(start, newline));
      const line = parts.join("");
      parts = [];
      start = newline + 1;
      if (line) yield line;
    }
    if (start < chunk.length) parts.push(chunk.slice(start));
  }
  const last = parts.join("");
  if (last) yield last;
}

/** Checks that `line` is a header this version reads; a clear message otherwise. */
export function parseBackupHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line ? (JSON.parse(line) as Partial<BackupHeader>) : undefined;
  } catch {
    header = undefined;
  }
  if (!header || header.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Sellkit backup (made by npm run db:backup).`);
  if (header.version !== BACKUP_VERSION)
    throw new Error(`${file} is a backup of format version ${header.version}; this version of Sellkit reads version ${BACKUP_VERSION}.`);
  return header as BackupHeader;
}
