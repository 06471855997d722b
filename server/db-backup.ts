// `npm run db:backup [file]`: a logical backup of the configured database.
import path from "node:path";
import { backUpDatabase } from "../app/db/back-up-database.server";
import { utcStamp } from "../app/db/utc-stamp.server";
import { databaseTarget, describeBytes, fail } from "./db-target";

async function main() {
  const file = path.resolve(process.argv[2] ?? path.join("backups", `sellkit-${utcStamp()}.jsonl.gz`));
  const target = await databaseTarget({ purpose: "backup" });
  try {
    const result = await backUpDatabase({ url: target.url, file });
    console.log(
      `Backed up ${result.tables} tables, ${result.rows} rows (${result.migrations} migrations applied) from ${target.description} to ${result.file} (${describeBytes(result.bytes)}, ${(result.ms / 1000).toFixed(1)} s).`,
    );
  } finally {
    await target.release();
  }
}

main().catch(fail);
