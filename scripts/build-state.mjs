// Whether the production build is older than its sources: `npm start` builds then, and the test servers either
// build (their global setups) or refuse to serve old code (tests/support/test-server.ts).
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { firstNewerThan } from "./newest-mtime.mjs";

/** What `npm run build` writes: the server bundle, React Router's server build and the browser assets. */
export const BUILD_OUTPUTS = ["build/runtime/main.js", "build/server/index.js", "build/client"];

/** What the build is made from: the app, the server, static files, migrations and the build's own configuration. */
export const BUILD_SOURCES = [
  "app",
  "server",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build-server.mjs",
];

/** Why the build below `root` must be made again — `missing`, or `stale` with a source changed since — or null when it is current. */
export function buildStaleness(root = process.cwd()) {
  const builtAt = Math.min(
    ...BUILD_OUTPUTS.map((output) =>
      existsSync(path.join(root, output)) ? statSync(path.join(root, output)).mtimeMs : 0,
    ),
  );
  if (builtAt === 0) return { reason: "missing" };
  for (const source of BUILD_SOURCES) {
    const newer = firstNewerThan(path.join(root, source), builtAt);
    if (newer) return { reason: "stale", changed: path.relative(root, newer) };
  }
  return null;
}

/** One line saying why the build is out of date, for logs and error messages. */
export function describeStaleness(staleness) {
  return staleness.reason === "missing"
    ? "No build yet"
    : `The build is older than its sources (${staleness.changed} changed since)`;
}

/** Runs `npm run build` when the build below `root` is missing or stale; false when the build failed. */
export function buildIfStale(root = process.cwd()) {
  const staleness = buildStaleness(root);
  if (!staleness) return true;
  console.log(`${describeStaleness(staleness)}: building…`);
  // The build a shell's `npm run build` makes: test runners set NODE_ENV=test, which would change the bundles.
  const { NODE_ENV: _, ...env } = process.env;
  return spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env }).status === 0;
}
