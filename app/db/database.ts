import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** The Drizzle database (node-postgres underneath). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
