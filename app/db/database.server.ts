import type { PgDatabase } from "drizzle-orm/pg-core";
import type { NodePgQueryResultHKT } from "drizzle-orm/node-postgres";

/** The Drizzle database over node-postgres: `db.execute<Row>(sql)` answers a typed `{ rows: Row[] }`. */
export type Database = PgDatabase<NodePgQueryResultHKT>;
