import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The import rules of docs/architecture.md are enforced by `npm run lint` (Biome, biome.json). These run the
// linter on forbidden code and expect it refused, so a config change that turns a rule off fails here.

const BIOME = path.resolve("node_modules/.bin/biome");

// Fixtures are written where the rules apply (the layer folders) and removed afterwards; the linter is run on
// them alone. (Biome's stdin mode does not report these rules' diagnostics.)
const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures) rmSync(dir, { recursive: true, force: true });
});

function lint(filePath: string, source: string) {
  const dir = path.resolve(path.dirname(filePath), `lint-fixture-${process.pid}-${fixtures.length}`);
  fixtures.push(dir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, path.basename(filePath));
  writeFileSync(file, source);
  const result = spawnSync(BIOME, ["lint", "--vcs-use-ignore-file=false", file], { encoding: "utf8" });
  return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
}

describe("npm run lint: import rules", () => {
  it("refuses a route import from a shared component", () => {
    const result = lint("app/components/ui/fixture.tsx", 'import { loader } from "~/routes/dashboard";\nexport const x = loader;\n');
    expect(result.failed).toBe(true);
    expect(result.output).toContain("Routes are the top layer");
  });

  it("refuses a server-only import from browser code, and allows it from a server module", () => {
    const source = 'import { signIn } from "~/server/auth/sign-in.server";\nexport const x = signIn;\n';
    const browser = lint("app/components/auth/fixture.tsx", source);
    expect(browser.failed).toBe(true);
    expect(browser.output).toContain("Browser code cannot import server-only modules");
    expect(lint("app/server/auth/fixture.server.ts", source).failed).toBe(false);
  });

  it("refuses a UI component import from a server module", () => {
    const result = lint("app/server/auth/fixture.server.ts", 'import { Button } from "~/components/ui/button";\nexport const x = Button;\n');
    expect(result.failed).toBe(true);
    expect(result.output).toContain("Server modules do not import UI components");
  });

  it("refuses an import cycle", () => {
    const cycleDir = mkdtempSync(path.resolve("tests/lint-cycle-"));
    fixtures.push(cycleDir);
    writeFileSync(path.join(cycleDir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    writeFileSync(path.join(cycleDir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    const result = spawnSync(BIOME, ["lint", "--vcs-use-ignore-file=false", cycleDir], { encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("noImportCycles");
  });
});
