import type pg from "pg";
import type { Database } from "./database.server";

/**
 * The node-postgres pool under the Drizzle handle, for what Drizzle does not offer: named prepared statements,
 * COPY streams, connection options for a lock connection of one's own.
 */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}
