import type pg from "pg";
import type { Database } from "./database.server";

/** The node-postgres pool under the Drizzle handle, for what Drizzle lacks. */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}
