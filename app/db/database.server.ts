import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** The Drizzle database (node-postgres underneath). */
export type Database = PgDatabase<PgQueryResultHKT>;
