import { publicTable, quoteIdentifier, rowsOf, type PublicTable, type Query } from "./public-tables.server";

/**
 * Rows moved as JSON text and never parsed in JavaScript: PostgreSQL writes them (`to_json`) and reads them back
 * (`json_populate_recordset` into the table's own row type), so every value keeps its exact type — bigint and
 * numeric digits, bytea, timestamps to the microsecond, arrays, jsonb.
 */

/**
 * Session settings under which `to_json` text reads back exactly (run inside the transaction, on both sides):
 * shortest exact floats, hex bytea, intervals in the default style, offsets in UTC.
 */
export const EXACT_JSON_SETTINGS = [
  "set local timezone = 'UTC'",
  "set local intervalstyle = 'postgres'",
  "set local extra_float_digits = 1",
  "set local bytea_output = 'hex'",
];

/** About this many characters of JSON per batch; the rows per fetch adapt to the size of the rows. */
const BATCH_CHARS = 4_000_000;
const FIRST_FETCH = 16;
const MAX_FETCH = 5_000;

let cursors = 0;

/**
 * Every row of `table` (its listed columns) as JSON arrays of at most about 4 MB each, read through a cursor:
 * never the whole table in memory. Must run inside a transaction (a REPEATABLE READ one for a consistent copy).
 */
export async function* readTableRows(query: Query, table: PublicTable): AsyncGenerator<{ json: string; rows: number }> {
  cursors += 1;
  const cursor = `sellkit_rows_${cursors}`;
  const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(", ");
  await query(`declare ${cursor} no scroll cursor for select to_json(r)::text as j from (select ${columns} from ${rowsOf(table)}) r`);
  try {
    let size = FIRST_FETCH;
    for (;;) {
      const rows = await query<{ j: string }>(`fetch forward ${size} from ${cursor}`);
      if (rows.length === 0) break;
      const parts = rows.map((row) => row.j);
      const chars = parts.reduce((sum, part) => sum + part.length, 0);
      yield { json: `[${parts.join(",")}]`, rows: rows.length };
      if (rows.length < size) break;
      // Double while batches are small, shrink when one was too large (a table of big images: a few per batch).
      if (chars < BATCH_CHARS / 2) size = Math.min(size * 2, MAX_FETCH);
      else if (chars > BATCH_CHARS) size = Math.max(1, Math.floor((size * BATCH_CHARS) / chars));
    }
  } finally {
    await query(`close ${cursor}`).catch(() => undefined);
  }
}

/**
 * Inserts a JSON array of rows (objects keyed by column name) into `table`, naming `columns` explicitly: keys
 * the table does not have are ignored, columns the rows do not have take their defaults.
 */
export async function writeTableRows(query: Query, table: PublicTable, columns: string[], json: string): Promise<number> {
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
