// The database db:backup and db:restore work on.
import { existsSync } from "node:fs";
import path from "node:path";
import {
  EMBEDDED_CLUSTER_DIR,
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
} from "../app/db/embedded-postgres.server";

/** DATABASE_URL and DATA_DIR as the server reads them. */
export function configuredDatabase(): { kind: "postgres"; url: string } | { kind: "embedded"; dataDir: string } {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { kind: "postgres", url };
  return { kind: "embedded", dataDir: path.resolve(process.env.DATA_DIR?.trim() || "./data") };
}

export type DatabaseTarget = { url: string; description: string; release: () => Promise<void> };

/** The database to work on, and how to let it go. */
export async function databaseTarget({ purpose }: { purpose: "backup" | "restore" }): Promise<DatabaseTarget> {
  const configured = configuredDatabase();
  if (configured.kind === "postgres") {
    const url = new URL(configured.url);
    return {
      url: configured.url,
      description: `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname} (DATABASE_URL)`,
      release: async () => {},
    };
  }
  const { dataDir } = configured;
  const running = runningEmbeddedPostgresUrl(dataDir);
  if (running)
    return { url: running, description: `the running embedded PostgreSQL in ${dataDir}`, release: async () => {} };
  if (purpose === "backup" && !existsSync(path.join(dataDir, EMBEDDED_CLUSTER_DIR, "PG_VERSION"))) {
    throw new Error(
      `No embedded database in ${path.join(dataDir, EMBEDDED_CLUSTER_DIR)} (set DATA_DIR, or DATABASE_URL for an external PostgreSQL).`,
    );
  }
  const server = await startEmbeddedPostgres({ dataDir });
  return { url: server.url, description: `the embedded PostgreSQL in ${dataDir}`, release: server.stop };
}

/** A byte count for people. */
export function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Prints a script's error and sets a failing exit code. */
export function fail(error: unknown) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
