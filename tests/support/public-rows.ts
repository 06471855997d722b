import type { Query } from "~/db/public-tables.server";

/**
 * Every row of every table of schema `public`, as PostgreSQL's own JSON text per table (rows sorted by their
 * text, timestamps in UTC): two databases hold the same data exactly when these are equal.
 */
export async function publicRows(query: Query): Promise<Record<string, string>> {
  await query("set timezone = 'UTC'");
  const tables = await query<{ name: string }>(
    `select relname as name from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = `public."${name.replace(/"/g, '""')}"`;
    const [row] = await query<{ rows: string }>(
      `select coalesce(json_agg(t order by t::text), '[]')::text as rows from ${quoted} t`,
    );
    result[name] = row!.rows;
  }
  return result;
}
