// `npm run db:restore <file>`: replaces the embedded database in DATA_DIR with a backup made by db:backup.
// Stop the server first. The current database folder is kept beside it (pglite.before-restore-<time>).
import { existsSync, readdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { embeddedDataDir, refuseWhenPostgres } from "./db-files.mjs";

refuseWhenPostgres("restore", "pg_restore / psql");
const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error("Usage: npm run db:restore <backup file made by npm run db:backup>");
  process.exit(1);
}
const dataDir = embeddedDataDir({ mustExist: false });
if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  const kept = `${dataDir}.before-restore-${Date.now()}`;
  renameSync(dataDir, kept);
  console.log(`The current database was moved to ${kept}`);
}
const db = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
try {
  const { rows } = await db.query("select count(*)::int as count from drizzle.__drizzle_migrations", [], { rowMode: "object" }).catch(() => ({ rows: [{ count: 0 }] }));
  console.log(`Restored ${path.resolve(file)} into ${dataDir} (${rows[0].count} migrations applied; the server applies newer ones at start-up).`);
} finally {
  await db.close();
}
