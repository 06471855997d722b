// Shared by db:backup and db:restore: they run their bundled entry point (server/db-*.ts, built into
// build/runtime/ by scripts/build-server.mjs), building the server bundle first when it is missing or older
// than the sources — as scripts/start.mjs does for the app.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { newestMtime } from "./newest-mtime.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["app", "server", "drizzle", "package-lock.json", "scripts/build-server.mjs"];

/** Runs build/runtime/<name>.js (its arguments are this process's), bundling it first if needed. */
export async function runBundled(name) {
  const bundle = path.join(ROOT, "build", "runtime", `${name}.js`);
  const builtAt = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (builtAt === 0 || SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > builtAt)) {
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "build-server.mjs")], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  await import(pathToFileURL(bundle).href);
}
