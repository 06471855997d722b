import {
  listPublicTables,
  readPublicSequences,
  writePublicSequences,
  type PublicTable,
  type Query,
} from "./public-tables.server";
import { EXACT_JSON_SETTINGS, readTableRows, writeTableRows } from "./table-rows.server";

export type CopyResult = { rows: Record<string, number>; sequences: number };

/** Copies every `public` row and sequence between two databases at one schema version. */
export async function copyTableRows({
  source,
  target,
  log = () => {},
}: {
  source: Query;
  target: Query;
  log?: (line: string) => void;
}): Promise<CopyResult> {
  for (const setting of EXACT_JSON_SETTINGS) {
    await source(setting);
    await target(setting);
  }
  const from = await listPublicTables(source);
  const to = await listPublicTables(target);
  const difference = schemaDifference(from.tables, to.tables);
  if (difference) throw new Error(`The source and target databases are not at the same schema version: ${difference}`);
  if (to.cyclic.length > 0) {
    await target("set local session_replication_role = replica").catch((error: Error) => {
      throw new Error(
        `Tables ${to.cyclic.join(", ")} have circular foreign keys: copying them needs a superuser (session_replication_role): ${error.message}`,
      );
    });
  }

  const rows: Record<string, number> = {};
  for (const table of to.tables) {
    const columns = table.columns.map((column) => column.name);
    let copied = 0;
    for await (const batch of readTableRows(source, table))
      copied += await writeTableRows(target, table, columns, batch.json);
    rows[table.name] = copied;
    if (copied > 0) log(`${table.name}: ${copied} rows`);
  }
  const sequences = await writePublicSequences(target, await readPublicSequences(source));
  return { rows, sequences };
}

function schemaDifference(from: PublicTable[], to: PublicTable[]): string | null {
  const columnsOf = (table: PublicTable) => table.columns.map((column) => `${column.name} ${column.type}`).join(", ");
  const target = new Map(to.map((table) => [table.name, table]));
  for (const table of from) {
    const other = target.get(table.name);
    if (!other) return `table ${table.name} is missing on the target`;
    if (columnsOf(table) !== columnsOf(other))
      return `table ${table.name} has (${columnsOf(table)}) on the source, (${columnsOf(other)}) on the target`;
    target.delete(table.name);
  }
  const extra = [...target.keys()];
  return extra.length > 0 ? `table ${extra.join(", ")} is missing on the source` : null;
}
