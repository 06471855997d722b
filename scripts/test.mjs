// `npm test`: every layer — types, unit, integration (on the embedded PostgreSQL, or the server of
// TEST_DATABASE_URL), browser E2E and accessibility in Debian Chromium — then one closing line with the totals.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium) && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  // As `playwright install --with-deps` does on Debian: the browser tests need Debian's Chromium.
  console.log("Chromium was not found: installing Debian's chromium package (apt-get install -y chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
}
if (!existsSync(chromium)) {
  console.error(`Chromium is needed for the browser tests and was not found at ${chromium}.`);
  console.error("Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)");
  process.exit(1);
}

const wallStarted = Date.now();
rmSync(".test-report", { recursive: true, force: true });
mkdirSync(".test-report", { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

const steps = [
  ["types", "npm", ["run", "typecheck"]],
  ["lint and format (Biome: rules, import layers, no cycles)", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"]],
  ["budget: landing JS/CSS gzip (GUIDE §6)", "node", ["bench/bundle-size.mjs", "--summary"]],
  ["unit + integration (vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=.test-report/vitest.json"]],
  ["browser E2E + accessibility (playwright)", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: ".test-report/playwright.json" }],
];

let ok = true;
for (const [label, command, args, env] of steps) {
  if (!run(label, command, args, env)) {
    ok = false;
    if (label === "types" || label === "build") break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(".test-report/vitest.json")) {
  const v = JSON.parse(readFileSync(".test-report/vitest.json", "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (existsSync(".test-report/playwright.json")) {
  const p = JSON.parse(readFileSync(".test-report/playwright.json", "utf8")).stats;
  passed += p.expected + p.flaky;
  failed += p.unexpected;
  skipped += p.skipped;
}
if (!ok && failed === 0) failed = 1; // a step failed before its tests could be counted
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
const wallSeconds = Math.round((Date.now() - wallStarted) / 1000);
console.log(`npm test wall time: ${Math.floor(wallSeconds / 60)}m${String(wallSeconds % 60).padStart(2, "0")}s`);
process.exit(ok ? 0 : 1);
