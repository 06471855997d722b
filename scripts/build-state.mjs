// Whether the production build is older than its sources: `npm start` builds then, and the test servers either
// build (their global setups) or refuse to serve old code (tests/support/test-server.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The list of source files the build was made from, written last by `npm run build` (scripts/record-build-sources.mjs).
 */
export const SOURCE_LIST = "build/sources.txt";

/**
 * What `npm run build` writes: the server bundle, React Router's server build, the browser assets and the source list.
 */
export const BUILD_OUTPUTS = ["build/runtime/main.js", "build/server/index.js", "build/client", SOURCE_LIST];

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

/**
 * Folders the lint-rule tests write and remove while other tests run (tests/unit/lint-rules.test.ts): never sources.
 */
const isLintFixture = (name) => name.startsWith("lint-fixture-");

/** Every source file below `root`, relative and sorted. */
export function sourceFiles(root = process.cwd()) {
  const files = [];
  const walk = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (!statSync(full).isDirectory()) return void files.push(relative);
    for (const entry of readdirSync(full)) if (!isLintFixture(entry)) walk(path.posix.join(relative, entry));
  };
  for (const source of BUILD_SOURCES) walk(source);
  return files.sort();
}

/** Writes the source list a build was made from (the last step of `npm run build`). */
export function recordBuildSources(root = process.cwd()) {
  writeFileSync(path.join(root, SOURCE_LIST), `${sourceFiles(root).join("\n")}\n`);
}

/**
 * Why the build below `root` must be made again — `missing`, or `stale` with the source edited, added or removed
 * since — or null when it is current. Files are compared by modification time and the list of files with the one
 * the build recorded, so folders' own times (which a test's passing fixture changes) play no part.
 */
export function buildStaleness(root = process.cwd()) {
  const builtAt = Math.min(
    ...BUILD_OUTPUTS.map((output) =>
      existsSync(path.join(root, output)) ? statSync(path.join(root, output)).mtimeMs : 0,
    ),
  );
  if (builtAt === 0) return { reason: "missing" };
  const files = sourceFiles(root);
  const edited = files.find((file) => statSync(path.join(root, file)).mtimeMs > builtAt);
  if (edited) return { reason: "stale", changed: edited };
  const recorded = readFileSync(path.join(root, SOURCE_LIST), "utf8").split("\n").filter(Boolean);
  const current = new Set(files);
  const known = new Set(recorded);
  const moved = files.find((file) => !known.has(file)) ?? recorded.find((file) => !current.has(file));
  return moved ? { reason: "stale", changed: moved } : null;
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
