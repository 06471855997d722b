import { createHash } from "node:crypto";
import { poolOf } from "./pool-of.server";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./database.server";

const dialect = new PgDialect();

/** The statement's name, hashed from its text so the two server bundles never reuse one. */
function statementName(text: string): string {
  return `sellkit_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
}

export type PreparedStatement<Row> = {
  /** Runs it with its placeholders' values, in one round trip. */
  run: (db: Database, values?: Record<string, unknown>) => Promise<Row[]>;
};

/** `query` as a named statement, planned once per connection, for hot reads. */
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
