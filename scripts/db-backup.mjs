// `npm run db:backup [file]`: a consistent copy of the embedded database (PGlite in DATA_DIR) as one
// gzipped tar file. Stop the server first (PGlite is single-process). On PostgreSQL use pg_dump instead.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { embeddedDataDir, refuseWhenPostgres } from "./db-files.mjs";

refuseWhenPostgres("backup", "pg_dump");
const dataDir = embeddedDataDir({ mustExist: true });
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+/, "").replace("T", "-");
const file = path.resolve(process.argv[2] ?? `backups/sellkit-${stamp}.tar.gz`);
const db = await PGlite.create({ dataDir });
try {
  const [{ count }] = (await db.query("select count(*)::int as count from drizzle.__drizzle_migrations", [], { rowMode: "object" }).catch(() => ({ rows: [{ count: 0 }] }))).rows;
  const dump = await db.dumpDataDir("gzip");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  console.log(`Backed up ${dataDir} (${count} migrations applied) to ${file}`);
} finally {
  await db.close();
}
