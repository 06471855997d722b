import { publicTable, quoteIdentifier, rowsOf, type PublicTable, type Query } from "./public-tables.server";

// Rows travel as PostgreSQL's JSON text, unparsed, so every value keeps its exact type.

/** Session settings under which `to_json` text reads back exactly, run on both sides. */
export const EXACT_JSON_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 1",
  "set local bytea_output = 'hex'",
];

/** About this many characters of JSON per batch. */
const BATCH_CHARS = 4_000_000;
const FIRST_FETCH = 16;
const MAX_FETCH = 5_000;

let cursors = 0;

/** Every row of `table` as JSON arrays of about 4 MB, through a cursor. */
export async function* readTableRows(query: Query, table: PublicTable): AsyncGenerator<{ json: string; rows: number }> {
  cursors += 1;
  const cursor = `sellkit_rows_${cursors}`;
  const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(", ");
  await query(
    `declare ${cursor} no scroll cursor for select to_json(r)::text as j from (select ${columns} from ${rowsOf(table)}) r`,
  );
  try {
    let size = FIRST_FETCH;
    for (;;) {
      const rows = await query<{ j: string }>(`fetch forward ${size} from ${cursor}`);
      if (rows.length === 0) break;
      const parts = rows.map((row) => row.j);
      const chars = parts.reduce((sum, part) => sum + part.length, 0);
      yield { json: `[${parts.join(",")}]`, rows: rows.length };
      if (rows.length < size) break;
      // Double while batches are small, shrink when one was too large.
      if (chars < BATCH_CHARS / 2) size = Math.min(size * 2, MAX_FETCH);
      else if (chars > BATCH_CHARS) size = Math.max(1, Math.floor((size * BATCH_CHARS) / chars));
    }
  } finally {
    await query(`close ${cursor}`).catch(() => undefined);
  }
}

/** Inserts a JSON array of rows into `table` by column name. */
export async function writeTableRows(
  query: Query,
  table: PublicTable,
  columns: string[],
  json: string,
): Promise<number> {
  const list = columns.map(quoteIdentifier).join(", ");
  const [result] = await query<{ n: number }>(
    `with inserted as (
       insert into ${publicTable(table.name)} (${list})${table.identityAlways ? " overriding system value" : ""}
       select ${list} from json_populate_recordset(null::${publicTable(table.name)}, $1::json)
       returning 1
     ) select count(*)::int as n from inserted`,
    [json],
  );
  return result!.n;
}
