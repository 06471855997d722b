import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Verbs take what they need (a database handle, the user, a RequestContext computed once by the
// route), never the HTTP Request, and return results: only routes (and the root route) build HTTP answers.
// The one exception is better-auth's HTTP adapter, whose job is the Request.

const ALLOWED = new Set(["app/domains/accounts/server/transactional-auth.server.ts"]);
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    // The lint rules' test writes and removes fixture folders while the unit files run side by side.
    if (name.startsWith("lint-fixture-")) return [];
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });

describe("feature verbs", () => {
  it("take no Request parameter", () => {
    const offenders = ["app/kernel", "app/domains", "app/flows", "app/pages"]
      .flatMap((root) => walk(root))
      .filter((file) => /\.server\.ts$/.test(file) && !ALLOWED.has(file))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /\b\w+\??:\s*Request\b(?!Context)/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it("build no HTTP answer: data() and redirect() appear only in routes", () => {
    const offenders = walk("app")
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`app${path.sep}routes${path.sep}`))
      .filter((file) => file !== path.join("app", "root.tsx"))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
          .filter(({ line }) => /\b(data|redirect)\(/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
