// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { newestMtime } from "./newest-mtime.mjs";

const OUTPUTS = ["build/runtime/main.js", "build/server/index.js", "build/client"];
const SOURCES = ["app", "server", "public", "drizzle", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

const builtAt = Math.min(...OUTPUTS.map((output) => (existsSync(output) ? statSync(output).mtimeMs : 0)));
const stale = builtAt === 0 || SOURCES.some((source) => newestMtime(source) > builtAt);
if (stale) {
  console.log(builtAt === 0 ? "No build yet: building…" : "Sources changed since the last build: building…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.resolve("build/runtime/main.js")).href);
