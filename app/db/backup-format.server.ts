import type { Readable } from "node:stream";
import type { SequenceState, TableColumn } from "./public-tables.server";

/** The backup file's format name (docs/operations.md, "Backups", describes it). */
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

/** A row line: a batch of one table's rows. */
export function rowLine(table: string, json: string): string {
  return `{"table":${JSON.stringify(table)},"rows":${json}}\n`;
}

/** The table and raw rows of a row line, or null; JSON.parse would round big numbers. */
export function parseRowLine(line: string): { table: string; json: string } | null {
  const match = /^\{"table":("(?:[^"\\]|\\.)*"),"rows":(?=\[)/.exec(line);
  if (!match || !line.endsWith("]}")) return null;
  return { table: JSON.parse(match[1]!) as string, json: line.slice(match[0].length, -1) };
}

/** The lines of a text stream, read only as fast as they are consumed. */
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

/** Checks that `line` is a header this version reads. */
export function parseBackupHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = line ? (JSON.parse(line) as Partial<BackupHeader>) : undefined;
  } catch {
    header = undefined;
  }
  if (!header || header.format !== BACKUP_FORMAT)
    throw new Error(`${file} is not a Sellkit backup (made by npm run db:backup).`);
  if (header.version !== BACKUP_VERSION)
    throw new Error(
      `${file} is a backup of format version ${header.version}; this version of Sellkit reads version ${BACKUP_VERSION}.`,
    );
  return header as BackupHeader;
}
