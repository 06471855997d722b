import { sql, type SQL } from "drizzle-orm";

/**
 * What a signed-in page reads, as one SQL JSON expression run inside the session check's statement. It may use `me`
 * (user_id, session_id, touched_at) and `access`, the access event this statement wrote. `read` turns the JSON into the
 * page's data.
 */
export type PageQuery<T> = { json: SQL; read: (json: unknown) => T };

type Results<Parts extends Record<string, PageQuery<unknown>>> = {
  [K in keyof Parts]: Parts[K] extends PageQuery<infer T> ? T : never;
};

/** Several reads as one: a JSON object with one member per part. */
export function combinePageQueries<Parts extends Record<string, PageQuery<unknown>>>(
  parts: Parts,
): PageQuery<Results<Parts>> {
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
