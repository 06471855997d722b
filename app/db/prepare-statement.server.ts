import { createHash } from "node:crypto";
import { poolOf } from "./pool-of.server";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./database.server";

const dialect = new PgDialect();

/**
 * The statement's name, from its text: the same text always has the same name and different texts never share
 * one — also across the two server bundles (React Router's and the runtime's, which both include this module
 * and share the pool). A counter per module copy gave both copies a `sellkit_1` for different statements.
 */
function statementName(text: string): string {
  return `sellkit_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
}

export type PreparedStatement<Row> = {
  /** Runs it with the values of its `sql.placeholder(name)`s: one round trip. */
  run: (db: Database, values?: Record<string, unknown>) => Promise<Row[]>;
};

/**
 * `query` as a named (prepared) statement, its text built once: PostgreSQL parses and plans it once per
 * connection instead of on every call, and the request skips building its text. For the hot reads (the
 * signed-in page reads), whose statements are long and the same on every call. What changes per call is a
 * `sql.placeholder`, filled by `run`.
 */
export function prepareStatement<Row>(query: SQL): PreparedStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  return {
    async run(db, values = {}) {
      const result = await poolOf(db).query({ name, text, values: fillPlaceholders(params, values) });
      return result.rows as Row[];
    },
  };
}
