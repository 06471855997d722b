// `npm test`: every layer — types, unit, integration (on the embedded PostgreSQL, or the server of
// TEST_DATABASE_URL), browser E2E and accessibility in Debian Chromium — then one closing line with the totals.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

// The browser tests' Chromium (tests/support/chromium.ts): Debian's headless shell, else its full Chromium.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const found = () => process.env.CHROMIUM_PATH ?? [HEADLESS_SHELL, "/usr/bin/chromium"].find((path) => existsSync(path));
if (!found() && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  // As `playwright install --with-deps` does on Debian: the browser tests need Debian's Chromium (its headless shell).
  console.log(
    "Chromium was not found: installing Debian's chromium-headless-shell package (apt-get install -y chromium-headless-shell)…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { stdio: "inherit", env });
}
const chromium = found();
if (!chromium || !existsSync(chromium)) {
  console.error(`Chromium is needed for the browser tests and was not found at ${chromium ?? HEADLESS_SHELL}.`);
  console.error(
    "Install it with: sudo apt-get install -y chromium-headless-shell   (or set CHROMIUM_PATH to a Chromium binary)",
  );
  process.exit(1);
}

const wallStarted = Date.now();
rmSync(".test-report", { recursive: true, force: true });
mkdirSync(".test-report", { recursive: true });

/** CPU seconds (user + system) of this process's finished children so far, from Linux's /proc/self/stat. */
function childrenCpuSeconds() {
  try {
    // After the command name: field 3 (state) is index 0, so cutime (16) and cstime (17) are 13 and 14.
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN; // not Linux: the summary leaves CPU time out
  }
}

/** Each step's (or group of steps run side by side) wall and CPU seconds, for the closing summary. */
const timings = [];
async function timed(label, work) {
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const ok = await work();
  timings.push({ label, wall: (Date.now() - started) / 1000, cpu: childrenCpuSeconds() - cpuBefore });
  return ok;
}

/** Runs one command with its output on the terminal (or, `quiet`, held back and printed once it ends). */
function run(label, command, args, { env = {}, quiet = false } = {}) {
  if (!quiet) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      if (quiet) console.log(`\n▶ ${label} (ran beside lint and the build)\n${output.trimEnd()}`);
      resolve(code === 0);
    });
  });
}

// The type check (tsc, one core) runs beside lint and the build, which leave the second core mostly idle. The
// tests start once all three are done, and not at all when the types or the build fail.
let ok = true;
let testsCanRun = true;
await timed("types, lint, build", async () => {
  const types = run("types", "npm", ["run", "typecheck"], { quiet: true });
  const lint = await run("lint and format (Biome: rules, import layers, no cycles)", "npm", ["run", "lint"]);
  const build = await run("build", "npm", ["run", "build"]);
  const typesOk = await types;
  testsCanRun = typesOk && build;
  ok = typesOk && build && lint;
});
if (testsCanRun) {
  // `npm run build` prints the bundle figures without failing on them; this step fails `npm test` on an overrun.
  ok =
    (await timed("budget", () => run("budget: landing JS/CSS gzip", "node", ["bench/bundle-size.mjs", "--summary"]))) &&
    ok;
  const vitestArgs = [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile.json=.test-report/vitest.json",
  ];
  ok = (await timed("unit + integration", () => run("unit + integration (vitest)", "npx", vitestArgs))) && ok;
  const playwrightEnv = { PLAYWRIGHT_JSON_OUTPUT_NAME: ".test-report/playwright.json" };
  ok =
    (await timed("browser E2E", () =>
      run("browser E2E + accessibility (playwright)", "npx", ["playwright", "test"], { env: playwrightEnv }),
    )) && ok;
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
for (const { label, wall, cpu } of timings) {
  console.log(
    `  ${label.padEnd(20)} wall ${wall.toFixed(0).padStart(4)} s${Number.isNaN(cpu) ? "" : `   CPU (user+sys) ${cpu.toFixed(0).padStart(4)} s`}`,
  );
}
const cpuSeconds = childrenCpuSeconds();
console.log(
  `npm test wall time: ${Math.floor(wallSeconds / 60)}m${String(wallSeconds % 60).padStart(2, "0")}s${Number.isNaN(cpuSeconds) ? "" : `, CPU time (user+sys, every process it waited for): ${Math.round(cpuSeconds)} s`}`,
);
process.exit(ok ? 0 : 1);
