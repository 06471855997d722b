import { Column, type AnyColumn, type GetColumnData, is, sql, type SQL } from "drizzle-orm";

/** What a signed-in page reads: one SQL JSON expression run inside the session check's statement (may use `me`). */
export type PageQuery<T> = { json: SQL; read: (json: unknown) => T };

type Results<Parts extends Record<string, PageQuery<unknown>>> = {
  [K in keyof Parts]: Parts[K] extends PageQuery<infer T> ? T : never;
};

/** Several reads as one: a JSON object with one member per part. */
export function combinePageQueries<Parts extends Record<string, PageQuery<unknown>>>(
  parts: Parts,
): PageQuery<Results<Parts>> {
  const entries = Object.entries(parts);
  const members = jsonMembers(entries.map(([key, part]) => [key, part.json]));
  return pagePart(
    sql<Partial<Record<string, unknown>>>`json_build_object(${members})`,
    (value) => Object.fromEntries(entries.map(([key, part]) => [key, part.read(value[key])])) as Results<Parts>,
  );
}

/** What JSON makes of a value: dates become ISO strings, arrays and objects keep their shape. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Jsonified<Item>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T;

/** A member of a JSON object: a Drizzle column, or an SQL expression typed with `sql<T>`. */
export type JsonMember = AnyColumn | SQL<unknown>;

/** The JSON type of a member: a column's select type (nullable unless `notNull`), or the expression's `T`. */
export type JsonOf<M> = M extends AnyColumn
  ? Jsonified<GetColumnData<M>>
  : M extends SQL<infer T>
    ? Jsonified<T>
    : never;

/** The JSON type of an object of members. */
export type JsonObjectOf<Shape extends Record<string, JsonMember>> = { [K in keyof Shape]: JsonOf<Shape[K]> };

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `'key', value, …` of `json_build_object`; keys are written into the text, so only plain names are allowed. */
function jsonMembers(entries: [string, SQL | AnyColumn][]): SQL {
  for (const [key] of entries) if (!PLAIN_KEY.test(key)) throw new Error(`not a plain key: ${key}`);
  return sql.join(
    entries.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  );
}

/** `json_build_object(…)` of the members, typed by them. */
export function jsonObject<Shape extends Record<string, JsonMember>>(shape: Shape): SQL<JsonObjectOf<Shape>> {
  return sql<JsonObjectOf<Shape>>`json_build_object(${jsonMembers(Object.entries(shape))})`;
}

/** A column of an outer-joined table, whose value is null when no row joined. */
export function nullable<C extends AnyColumn>(column: C): SQL<JsonOf<C> | null> {
  return sql<JsonOf<C> | null>`${column}`;
}

const asJson = (value: JsonMember): SQL => (is(value, Column) ? sql`to_json(${value})` : sql`${value}`);

/** The member of the first row of `source` (`from … where …`), or null when there is none. */
export function jsonRow<M extends JsonMember>(value: M, source: SQL): SQL<JsonOf<M> | null> {
  return sql<JsonOf<M> | null>`(select ${asJson(value)} ${source})`;
}

/** How a list is ordered and cut. */
export type ListOptions = { orderBy?: SQL; limit?: number };

/** The member of every row of `source` as a JSON array; a limit cuts in a subquery so the order holds. */
export function jsonList<M extends JsonMember>(value: M, source: SQL, options: ListOptions = {}): SQL<JsonOf<M>[]> {
  const { orderBy, limit } = options;
  if (limit === undefined) {
    const order = orderBy ? sql` order by ${orderBy}` : sql``;
    return sql<JsonOf<M>[]>`coalesce((select json_agg(${asJson(value)}${order}) ${source}), '[]'::json)`;
  }
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`not a row limit: ${limit}`);
  const rank = orderBy ? sql`row_number() over (order by ${orderBy})` : sql`row_number() over ()`;
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return sql<JsonOf<M>[]>`coalesce((select json_agg(cut.item order by cut.rank) from (
    select ${asJson(value)} as item, ${rank} as rank ${source}${order} limit ${sql.raw(String(limit))}
  ) cut), '[]'::json)`;
}

/** A page-query part from a typed JSON expression: the one cast of page reads, safe as the compiler checked it. */
export function pagePart<T>(json: SQL<T>): PageQuery<T>;
export function pagePart<T, R>(json: SQL<T>, read: (value: T) => R): PageQuery<R>;
export function pagePart<T, R>(json: SQL<T>, read?: (value: T) => R): PageQuery<T | R> {
  return { json, read: read ? (value) => read(value as T) : (value) => value as T };
}
