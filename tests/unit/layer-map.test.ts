import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script without types
import { DOMAIN_LINKS, FLOW_LINKS, layerOverrides, PAGE_FEATURES } from "../../scripts/layer-map.mjs";

// The layer map (scripts/layer-map.mjs) must describe the tree: every folder is in it, its links have no cycle,
// every declared link is used, and biome.json holds exactly the rules it writes.

const folders = (root: string) =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // The lint-rules test writes fixtures of forbidden imports while it runs.
    if (entry.isDirectory()) return entry.name.startsWith("lint-fixture-") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Which other folders of the same root the files of one folder import. */
function usedLinks(root: string, name: string): string[] {
  const alias = `~/${root.replace(/^app\//, "")}/`;
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(root, name)))
    for (const [, target] of readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g))
      if (target?.startsWith(alias)) {
        const other = target.slice(alias.length).split("/")[0]!;
        if (other !== name) used.add(other);
      }
  return [...used].sort();
}

/** A cycle in a link table, as a path, or null. */
function findCycle(links: Record<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (state.get(node) === "open") return [...trail, node];
    if (state.get(node) === "done") return null;
    state.set(node, "open");
    for (const next of links[node] ?? []) {
      const found = visit(next, [...trail, node]);
      if (found) return found;
    }
    state.set(node, "done");
    return null;
  };
  for (const node of Object.keys(links)) {
    const found = visit(node, []);
    if (found) return found;
  }
  return null;
}

describe("the layer map", () => {
  it("names every domain, flow and page folder, and no folder that is gone", () => {
    expect(Object.keys(DOMAIN_LINKS).sort()).toEqual(folders("app/domains"));
    expect(Object.keys(FLOW_LINKS).sort()).toEqual(folders("app/flows"));
    expect([...PAGE_FEATURES].sort()).toEqual(folders("app/pages"));
  });

  it("declares links without a cycle, and finds one when there is", () => {
    expect(findCycle(DOMAIN_LINKS)).toBeNull();
    expect(findCycle(FLOW_LINKS)).toBeNull();
    expect(findCycle({ ...DOMAIN_LINKS, workspace: ["accounts"] })).toEqual(["accounts", "workspace", "accounts"]);
  });

  it("declares only links that some import uses", () => {
    for (const [root, table] of [
      ["app/domains", DOMAIN_LINKS],
      ["app/flows", FLOW_LINKS],
    ] as const)
      for (const [name, links] of Object.entries(table as Record<string, string[]>))
        expect({ name, links: [...links].sort() }).toEqual({ name, links: usedLinks(root, name) });
  });

  it("is what biome.json enforces (run node scripts/layer-map.mjs after changing it)", () => {
    const biome = JSON.parse(readFileSync("biome.json", "utf8"));
    const written = layerOverrides();
    expect(biome.overrides.slice(-written.length)).toEqual(written);
  });
});
