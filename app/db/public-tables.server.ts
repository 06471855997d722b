/** One statement with parameters; the rows it returns. */
export type Query = <Row = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<Row[]>;

export type TableColumn = { name: string; type: string };

export type PublicTable = {
  name: string;
  /** Every column but generated ones, in table order. */
  columns: TableColumn[];
  /** True when inserts need OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
  /** A partitioned table, read through itself, never with ONLY. */
  partitioned: boolean;
};

export type PublicTables = {
  /** Parents before children. */
  tables: PublicTable[];
  /** Tables on a foreign-key cycle, which no table order satisfies. */
  cyclic: string[];
  /** Every foreign key between two tables of `public`. */
  references: { child: string; parent: string }[];
};

/** `"name"`: a quoted identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `public."name"`. */
export function publicTable(name: string): string {
  return `public.${quoteIdentifier(name)}`;
}

/** The tables of schema `public` with their columns, in foreign-key order. */
export async function listPublicTables(query: Query): Promise<PublicTables> {
  const columns = await query<{ table: string; partitioned: boolean; column: string; type: string; identity: string }>(
    `select c.relname as "table", c.relkind = 'p' as partitioned, a.attname as "column", format_type(a.atttypid, a.atttypmod) as type, a.attidentity as identity
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const byName = new Map<string, PublicTable>();
  for (const row of columns) {
    const table = byName.get(row.table) ?? {
      name: row.table,
      columns: [],
      identityAlways: false,
      partitioned: row.partitioned,
    };
    table.columns.push({ name: row.column, type: row.type });
    if (row.identity === "a") table.identityAlways = true;
    byName.set(row.table, table);
  }
  const references = await query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and child.relnamespace = 'public'::regnamespace and parent.relnamespace = 'public'::regnamespace`,
  );
  // Kahn's algorithm, alphabetical among tables that are ready, so the order is stable.
  const parents = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set<string>()]));
  const cyclic = new Set<string>();
  for (const { child, parent } of references) {
    if (!parents.has(child) || !parents.has(parent)) continue;
    if (child === parent) cyclic.add(child);
    else parents.get(child)!.add(parent);
  }
  const ordered: PublicTable[] = [];
  const placed = new Set<string>();
  for (;;) {
    const ready = [...parents.entries()]
      .filter(([name, of]) => !placed.has(name) && [...of].every((parent) => placed.has(parent)))
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) break;
    for (const name of ready) {
      placed.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  for (const name of [...byName.keys()].sort()) {
    if (placed.has(name)) continue;
    cyclic.add(name);
    ordered.push(byName.get(name)!);
  }
  return { tables: ordered, cyclic: [...cyclic].sort(), references };
}

export type SequenceState = { name: string; lastValue: string; isCalled: boolean };

/** The state of every sequence of schema `public`. */
export async function readPublicSequences(query: Query): Promise<SequenceState[]> {
  const names = await query<{ name: string }>(
    `select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace order by relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of names) {
    const [state] = await query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${publicTable(name)}`,
    );
    states.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
  }
  return states;
}

/** Sets the target's existing `public` sequences to the given states. */
export async function writePublicSequences(query: Query, states: SequenceState[]): Promise<number> {
  const existing = new Set(
    (
      await query<{ name: string }>(
        `select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`,
      )
    ).map((row) => row.name),
  );
  let written = 0;
  for (const state of states) {
    if (!existing.has(state.name)) continue;
    await query(`select setval($1::regclass, $2::bigint, $3)`, [
      publicTable(state.name),
      state.lastValue,
      state.isCalled,
    ]);
    written += 1;
  }
  return written;
}

/** What a statement reads a table's own rows from, excluding inheritance children. */
export function rowsOf(table: PublicTable): string {
  return table.partitioned ? publicTable(table.name) : `only ${publicTable(table.name)}`;
}

/** The tables of `public` that hold at least one row. */
export async function nonEmptyPublicTables(query: Query, tables: PublicTable[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const rows = await query<{ name: string }>(
    tables
      .map((table, index) => `select $${index + 1}::text as name where exists (select 1 from ${rowsOf(table)})`)
      .join(" union all "),
    tables.map((table) => table.name),
  );
  return rows.map((row) => row.name);
}
