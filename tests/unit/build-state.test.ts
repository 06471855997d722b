import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BUILD_OUTPUTS,
  buildIfStale,
  buildStaleness,
  recordBuildSources,
  SOURCE_LIST,
} from "../../scripts/build-state.mjs";

// The check `npm start` and the test servers share: a build older than any of its sources is not served.

let root: string;
const BUILT = new Date("2026-01-02T00:00:00Z");
const BEFORE = new Date("2026-01-01T00:00:00Z");
const AFTER = new Date("2026-01-03T00:00:00Z");

/** Writes `file` below the project root with the given modification time (its folders too). */
function write(file: string, time: Date) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, time, time);
}

/** Sets a folder's own modification time (what adding or removing an entry changes). */
function touchFolder(folder: string, time: Date) {
  utimesSync(path.join(root, folder), time, time);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "sellkit-build-state-"));
  write("app/routes/dashboard.tsx", BEFORE);
  write("app/domains/workspace/content/workspace-nav.ts", BEFORE);
  write("server/main.ts", BEFORE);
  write("vite.config.ts", BEFORE);
  for (const output of BUILD_OUTPUTS) {
    if (output === SOURCE_LIST) continue;
    if (output === "build/client") {
      mkdirSync(path.join(root, output), { recursive: true });
      touchFolder(output, BUILT);
    } else write(output, BUILT);
  }
  recordBuildSources(root);
  utimesSync(path.join(root, SOURCE_LIST), BUILT, BUILT);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("build staleness", () => {
  it("a build newer than every source is current", () => {
    expect(buildStaleness(root)).toBeNull();
  });

  it("no build, or part of one, is missing", () => {
    rmSync(path.join(root, "build/runtime/main.js"));
    expect(buildStaleness(root)).toEqual({ reason: "missing" });
  });

  it("a source file edited after the build, however deep, makes it stale and is named", () => {
    write("app/domains/workspace/content/workspace-nav.ts", AFTER);
    expect(buildStaleness(root)).toEqual({
      reason: "stale",
      changed: "app/domains/workspace/content/workspace-nav.ts",
    });
  });

  it("a build configuration file edited after the build makes it stale", () => {
    write("vite.config.ts", AFTER);
    expect(buildStaleness(root)).toEqual({ reason: "stale", changed: "vite.config.ts" });
  });

  it("a file added after the build, even one carrying an older time (a copy, a checkout), makes it stale", () => {
    write("server/added.ts", BEFORE);
    expect(buildStaleness(root)).toEqual({ reason: "stale", changed: "server/added.ts" });
  });

  it("a file removed after the build makes it stale and is named", () => {
    rmSync(path.join(root, "app/routes/dashboard.tsx"));
    expect(buildStaleness(root)).toEqual({ reason: "stale", changed: "app/routes/dashboard.tsx" });
  });

  it("a lint-rule fixture written and removed beside the sources leaves the build current", () => {
    write("app/domains/workspace/lint-fixture-42/fixture.tsx", AFTER);
    touchFolder("app/domains/workspace", AFTER);
    expect(buildStaleness(root)).toBeNull();
    rmSync(path.join(root, "app/domains/workspace/lint-fixture-42"), { recursive: true });
    expect(buildStaleness(root)).toBeNull();
  });

  it("a build without its source list is missing", () => {
    rmSync(path.join(root, SOURCE_LIST));
    expect(buildStaleness(root)).toEqual({ reason: "missing" });
  });

  it("the oldest output counts: browser assets older than a source are stale even if the server bundle is newer", () => {
    write("app/routes/dashboard.tsx", new Date("2026-01-01T12:00:00Z"));
    touchFolder("build/client", new Date("2026-01-01T06:00:00Z"));
    expect(buildStaleness(root)).toEqual({ reason: "stale", changed: "app/routes/dashboard.tsx" });
  });
});

describe("building when stale", () => {
  it("runs `npm run build` as a shell would, without the test runner's NODE_ENV", () => {
    // A project whose build only notes the NODE_ENV it was given.
    const note = "const fs = require('node:fs'); fs.writeFileSync('node-env.txt', String(process.env.NODE_ENV))";
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ scripts: { build: `node -e "${note}"` } }));
    expect(buildIfStale(root)).toBe(true);
    expect(() => readFileSync(path.join(root, "node-env.txt"))).toThrow(); // current: nothing built

    write("server/main.ts", AFTER);
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "test";
    try {
      expect(buildIfStale(root)).toBe(true);
    } finally {
      // Assigning undefined would leave the string "undefined" for the next file in this worker.
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
    expect(readFileSync(path.join(root, "node-env.txt"), "utf8")).toBe("undefined");
  });
});
