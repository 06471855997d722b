import { sql, type SQL } from "drizzle-orm";

/**
 * What a signed-in page reads, as one SQL expression of JSON, evaluated inside the session check's statement
 * (get-session-user.server.ts) so that a page costs one database round trip. The expression may use:
 * - `me`: one row for the signed-in session — `user_id`, `session_id` and `touched_at` (the 'last active' mark
 *   this very statement wrote, else null: its own write is not visible to the statement's reads);
 * - `access`: the `authorized_access` event this statement wrote (zero or one `security_audit` row, same reason).
 * `read` turns the JSON into what the page gets (dates back into Date objects).
 */
export type PageQuery<T> = { json: SQL; read: (json: unknown) => T };

type Results<Parts extends Record<string, PageQuery<unknown>>> = { [K in keyof Parts]: Parts[K] extends PageQuery<infer T> ? T : never };

/** Several reads as one: a JSON object with one member per part. */
export function combinePageQueries<Parts extends Record<string, PageQuery<unknown>>>(parts: Parts): PageQuery<Results<Parts>> {
  const entries = Object.entries(parts);
  for (const [key] of entries) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`not a plain key: ${key}`);
  const members = sql.join(
    entries.map(([key, part]) => sql`${sql.raw(`'${key}'`)}, ${part.json}`),
    sql`, `,
  );
  return {
    json: sql`json_build_object(${members})`,
    read: (json) => {
      const value = json as Record<string, unknown>;
      return Object.fromEntries(entries.map(([key, part]) => [key, part.read(value[key])])) as Results<Parts>;
    },
  };
}
