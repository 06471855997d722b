// `npm run db:restore <file> [--force]`: into a fresh embedded cluster or DATABASE_URL.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { EMBEDDED_CLUSTER_DIR, runningEmbeddedPostgresUrl } from "../app/db/embedded-postgres.server";
import { checkBackup, restoreDatabase, type RestoreResult } from "../app/db/restore-database.server";
import { utcStamp } from "../app/db/utc-stamp.server";
import { configuredDatabase, databaseTarget, fail, type DatabaseTarget } from "./db-target";

const USAGE = "Usage: npm run db:restore <backup file made by npm run db:backup> [--force]";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const [file, ...rest] = args.filter((arg) => arg !== "--force");
  if (!file || rest.length > 0) throw new Error(USAGE);
  if (!existsSync(file)) throw new Error(`No file ${path.resolve(file)}. ${USAGE}`);
  await checkBackup(file);

  const configured = configuredDatabase();
  let keptAt: string | null = null;
  let result: RestoreResult;
  if (configured.kind === "postgres") {
    const target = await databaseTarget({ purpose: "restore" });
    try {
      result = await restoreDatabase({ url: target.url, file, force });
    } finally {
      await target.release();
    }
    report(result, file, target.description, null);
    return;
  }

  const { dataDir } = configured;
  if (runningEmbeddedPostgresUrl(dataDir)) {
    throw new Error(
      `The embedded PostgreSQL of ${dataDir} is running: stop the app first (a restore replaces its database).`,
    );
  }
  const cluster = path.join(dataDir, EMBEDDED_CLUSTER_DIR);
  const stamp = utcStamp();
  if (existsSync(cluster)) {
    keptAt = `${cluster}.before-restore-${stamp}`;
    renameSync(cluster, keptAt);
  }
  let target: DatabaseTarget | null = null;
  try {
    target = await databaseTarget({ purpose: "restore" });
    result = await restoreDatabase({ url: target.url, file });
  } catch (error) {
    await target?.release();
    // The new cluster holds nothing worth keeping: the load is one transaction.
    if (existsSync(cluster)) rmSync(cluster, { recursive: true, force: true });
    if (keptAt) renameSync(keptAt, cluster);
    throw new Error(
      `${(error as Error).message}\nNothing was restored${keptAt ? ": the previous database is back in place" : ""}.`,
    );
  }
  await target.release();
  report(result, file, target.description, keptAt);
}

function report(result: RestoreResult, file: string, description: string, keptAt: string | null) {
  const migrations =
    result.migrations === result.backupMigrations
      ? `${result.migrations} migrations`
      : `backup at migration ${result.backupMigrations}, now ${result.migrations}`;
  const skipped =
    result.skippedTables.length > 0
      ? `; tables no longer in the schema, not restored: ${result.skippedTables.join(", ")}`
      : "";
  console.log(
    `Restored ${result.tables} tables, ${result.rows} rows (${migrations}) from ${path.resolve(file)} into ${description} in ${(result.ms / 1000).toFixed(1)} s${skipped}.`,
  );
  if (keptAt) console.log(`The previous database is kept at ${keptAt}.`);
}

main().catch(fail);
