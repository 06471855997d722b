// Prints the house figures of the tree it runs in. They are the feature links declared and used, unused links,
// cycles, table leaks, `json as` casts, raw SQL calls, long lines and the prose figures.
// Usage: node scripts/house-figures.mjs [--json | --leaks]
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { featureFolders, findTableLeaks, isPageQueryFile, ownerOf, sourceFiles } from "./table-ownership.mjs";

const LINK_MODULES = ["scripts/layer-map.mjs", "scripts/feature-links.mjs"];
const LONG_LINE = 120;
const LINE_FOLDERS = ["app", "server", "scripts", "tests"];

/** Feature → features it may import, from the first link module found (nested layer maps are flattened). */
async function declaredLinks(root) {
  for (const file of LINK_MODULES) {
    if (!existsSync(path.join(root, file))) continue;
    const exports = await import(pathToFileURL(path.resolve(root, file)).href);
    const links = new Map();
    const collect = (value) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return;
      for (const [key, entry] of Object.entries(value)) {
        if (Array.isArray(entry) && entry.every((item) => typeof item === "string")) links.set(key, entry);
        else collect(entry);
      }
    };
    for (const value of Object.values(exports)) collect(value);
    if (links.size > 0) return { file, links };
  }
  return { file: null, links: new Map() };
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The feature-to-feature edges of actual imports: "from → to" strings. */
function usedLinks(root, features) {
  const edges = new Set();
  for (const feature of features) {
    for (const full of sourceFiles(path.join(root, feature.dir))) {
      const file = path.relative(root, full);
      for (const [, specifier] of readFileSync(full, "utf8").matchAll(SPECIFIER)) {
        let target;
        if (specifier.startsWith("~/")) target = path.join("app", specifier.slice(2));
        else if (specifier.startsWith(".")) target = path.join(path.dirname(file), specifier);
        else continue;
        const to = ownerOf(`${path.normalize(target)}/`, features);
        if (to && to !== "kernel" && to !== feature.name) edges.add(`${feature.name} → ${to}`);
      }
    }
  }
  return edges;
}

/** The strongly connected components of more than one node (Tarjan), each sorted. */
function cycles(edges) {
  const graph = new Map();
  for (const edge of edges) {
    const [from, to] = edge.split(" → ");
    if (!graph.has(from)) graph.set(from, []);
    if (!graph.has(to)) graph.set(to, []);
    graph.get(from).push(to);
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** `json as` casts and `.execute(sql…)` calls (with or without a row type) in app/. */
function sqlFigures(root) {
  let casts = 0;
  let pageQueryCasts = 0;
  let rawSql = 0;
  for (const full of sourceFiles(path.join(root, "app"))) {
    const text = readFileSync(full, "utf8");
    const fileCasts = text.match(/\bjson as\b/g)?.length ?? 0;
    casts += fileCasts;
    if (isPageQueryFile(full)) pageQueryCasts += fileCasts;
    if (!text.includes("execute")) continue;
    const kind = full.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "execute" &&
        node.arguments[0] &&
        ts.isTaggedTemplateExpression(node.arguments[0]) &&
        node.arguments[0].tag.getText() === "sql"
      ) {
        rawSql++;
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(full, text, ts.ScriptTarget.Latest, true, kind));
  }
  return { casts, pageQueryCasts, rawSql };
}

/** Non-empty lines and those over 120 characters in the TypeScript and script folders. */
function lineFigures(root) {
  let lines = 0;
  let long = 0;
  for (const folder of LINE_FOLDERS) {
    for (const full of sourceFiles(path.join(root, folder))) {
      for (const line of readFileSync(full, "utf8").split("\n")) {
        if (line.trim() === "") continue;
        lines++;
        if (line.length > LONG_LINE) long++;
      }
    }
  }
  return { lines, long, share: lines === 0 ? 0 : (100 * long) / lines };
}

/** The figures of scripts/prose-figures.mjs, one entry per folder it reports. */
function proseFigures(root) {
  const output = execFileSync(process.execPath, ["scripts/prose-figures.mjs"], { cwd: root, encoding: "utf8" });
  return output
    .trim()
    .split("\n")
    .map((line) => {
      const match = line.match(/^(\S+): comment words ([\d.]+)% .*?; ([\d.]+)% of (\d+) comment sentences/);
      return match
        ? { folder: match[1], commentWords: Number(match[2]), longSentences: Number(match[3]), sentences: +match[4] }
        : { folder: line, commentWords: Number.NaN, longSentences: Number.NaN, sentences: 0 };
    });
}

/** Every figure of the tree at `root`. */
export async function houseFigures(root = ".") {
  const features = featureFolders(root);
  const declared = await declaredLinks(root);
  const declaredEdges = new Set(
    [...declared.links].flatMap(([from, tos]) => tos.filter((to) => to !== from).map((to) => `${from} → ${to}`)),
  );
  const used = usedLinks(root, features);
  const leaks = findTableLeaks(root);
  return {
    featureRoots: [...new Set(features.map((f) => path.dirname(f.dir)))],
    features: features.length,
    linkModule: declared.file,
    linksDeclared: declaredEdges.size,
    linksUsed: used.size,
    linksUnused: [...declaredEdges].filter((edge) => !used.has(edge)).sort(),
    linksUndeclared: [...used].filter((edge) => !declaredEdges.has(edge)).sort(),
    declaredCycles: cycles(declaredEdges),
    usedCycles: cycles(used),
    tableLeaks: leaks.map((leak) => `${leak.file}: ${leak.table} (${leak.owner}, ${leak.via})`),
    tableLeaksInPageQueries: leaks.filter((leak) => isPageQueryFile(leak.file)).length,
    ...sqlFigures(root),
    ...(({ lines, long, share }) => ({ nonEmptyLines: lines, longLines: long, longLineShare: share }))(
      lineFigures(root),
    ),
    prose: proseFigures(root),
  };
}

function printTable(figures) {
  const list = (items) => (items.length === 0 ? "none" : items.join("; "));
  const cycleList = (found) => `${found.length}: ${list(found.map((cycle) => cycle.join(" ↔ ")))}`;
  const rows = [
    ["feature folders", `${figures.features} in ${figures.featureRoots.join(", ")}`],
    ["links declared", `${figures.linksDeclared} (${figures.linkModule ?? "no link module"})`],
    ["links used", figures.linksUsed],
    ["declared, unused", `${figures.linksUnused.length}: ${list(figures.linksUnused)}`],
    ["used, undeclared", `${figures.linksUndeclared.length}: ${list(figures.linksUndeclared)}`],
    ["cycles, declared", cycleList(figures.declaredCycles)],
    ["cycles, used", cycleList(figures.usedCycles)],
    [
      "table leaks",
      `${figures.tableLeaks.length} (${figures.tableLeaksInPageQueries} in page queries, ` +
        `${new Set(figures.tableLeaks.map((leak) => leak.split(":")[0])).size} files)`,
    ],
    ["json as casts", `${figures.casts} in app (${figures.pageQueryCasts} in page queries)`],
    ["raw SQL calls", `${figures.rawSql} .execute(sql…) in app`],
    [
      "lines > 120 chars",
      `${figures.longLineShare.toFixed(2)}% (${figures.longLines} of ${figures.nonEmptyLines} non-empty lines)`,
    ],
    ...figures.prose.map((p) => [
      `prose, ${p.folder}`,
      `comment words ${p.commentWords}%, long comment sentences ${p.longSentences}% of ${p.sentences}`,
    ]),
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await houseFigures(".");
  if (process.argv.includes("--json")) console.log(JSON.stringify(figures, null, 2));
  else {
    printTable(figures);
    if (process.argv.includes("--leaks")) for (const leak of figures.tableLeaks) console.log(`  ${leak}`);
  }
}
