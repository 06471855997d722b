// Shared by db:backup and db:restore: where the embedded database lives.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** DATA_DIR/pglite, as the server opens it (app/db/open-database.server.ts). */
export function embeddedDataDir({ mustExist }) {
  const dataDir = path.resolve(process.env.DATA_DIR || "data", "pglite");
  if (mustExist && !existsSync(dataDir)) {
    console.error(`No embedded database at ${dataDir} (set DATA_DIR).`);
    process.exit(1);
  }
  if (!mustExist) mkdirSync(path.dirname(dataDir), { recursive: true });
  return dataDir;
}

export function refuseWhenPostgres(what, tool) {
  if (process.env.DATABASE_URL) {
    console.error(`DATABASE_URL is set: ${what} PostgreSQL with ${tool}; db:${what} is for the embedded database.`);
    process.exit(1);
  }
}
