// Which module owns each table, and where other code names one in SQL or imports its Drizzle table.
// Shared by the table-ownership test and house-figures.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Folders whose subfolders are features (one owner each), whichever of them the tree has. */
export const FEATURE_ROOTS = ["app/features", "app/domains", "app/flows", "app/pages"];

/** The shared layer's folders: one owner, "kernel", for the tables declared there. */
export const KERNEL_FOLDERS = ["app/kernel", "app/db", "app/server"];

const KERNEL = "kernel";

/**
 * The identity tables every layer stands on (better-auth's, the profiles): the kernel's wherever they are declared
 * today. Kernel tables are below every feature, so any module may name them; feature tables only their owner may.
 */
export const KERNEL_TABLES = ["user", "session", "account", "verification", "profiles", "business_profiles"];

/** Whether a file is a page query (its module builds a page's one-statement read): `*-query(s).server.ts`. */
export function isPageQueryFile(file) {
  return /(-quer(y|ies)|page-query[^/]*)\.server\.ts$/.test(file);
}

/** Every .ts/.tsx/.mjs file below `dir`, skipping dependencies, hidden folders and declaration files. */
export function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

/** The feature folders of the tree at `root`: `{ name, dir }`, dir relative to root. */
export function featureFolders(root = ".") {
  return FEATURE_ROOTS.filter((base) => existsSync(path.join(root, base))).flatMap((base) =>
    readdirSync(path.join(root, base))
      .filter((name) => statSync(path.join(root, base, name)).isDirectory())
      .sort()
      .map((name) => ({ name, dir: path.join(base, name) })),
  );
}

/** The owner of a file (root-relative path): its feature's name, "kernel" for the shared layer, else null. */
export function ownerOf(file, features) {
  const normal = file.split(path.sep).join("/");
  const feature = features.find((f) => normal.startsWith(`${f.dir.split(path.sep).join("/")}/`));
  if (feature) return feature.name;
  return KERNEL_FOLDERS.some((dir) => normal.startsWith(`${dir}/`)) ? KERNEL : null;
}

function parse(file, text) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The tables a module declares with `const binding = pgTable("name", …)`: `{ name, binding }`. */
export function declaredTables(file, text) {
  const tables = [];
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "pgTable" &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const binding = ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : null;
      tables.push({ name: node.arguments[0].text, binding });
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return tables;
}

/**
 * The tables of the tree at `root`: `tables` maps a table name to `{ owner, module }`, `modules` maps each
 * declaring module (root-relative, without extension) to its owner.
 */
export function tableOwners(root = ".") {
  const features = featureFolders(root);
  const tables = new Map();
  const modules = new Map();
  for (const dir of [...features.map((f) => f.dir), ...KERNEL_FOLDERS]) {
    for (const full of sourceFiles(path.join(root, dir))) {
      const file = path.relative(root, full);
      const text = readFileSync(full, "utf8");
      const declared = text.includes("pgTable(") ? declaredTables(file, text) : [];
      if (declared.length === 0) continue;
      const owner = ownerOf(file, features);
      const bindings = new Map(declared.map((table) => [table.binding, table.name]));
      modules.set(file.replace(/\.(ts|tsx|mjs)$/, ""), { owner, bindings });
      for (const { name } of declared) {
        tables.set(name, { owner: KERNEL_TABLES.includes(name) ? KERNEL : owner, module: file });
      }
    }
  }
  return { features, tables, modules };
}

/** The text of each `sql` tagged template in a module, interpolations replaced by a placeholder. */
export function sqlTexts(file, text) {
  const texts = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && /^(sql|sql\.\w+)$/.test(node.tag.getText())) {
      const template = node.template;
      texts.push(
        ts.isNoSubstitutionTemplateLiteral(template)
          ? template.text
          : [template.head.text, ...template.templateSpans.map((span) => ` $ ${span.literal.text}`)].join(""),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return texts;
}

const AFTER_KEYWORD = /\b(?:from|join|update|into|table)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const QUALIFIED = /(?<![\w.])"?([a-z_][a-z0-9_]*)"?\.(?:"?[a-z_*])/gi;
const CTE_NAME = /\b([a-z_][a-z0-9_]*)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi;

/** The table names one SQL text names: after from/join/update/into, or qualifying a column (`orders.id`). */
export function tablesNamedIn(sqlText, tableNames) {
  const text = sqlText.replace(/--[^\n]*/g, " ");
  const ctes = new Set([...text.matchAll(CTE_NAME)].map((m) => m[1].toLowerCase()));
  const named = new Set();
  for (const pattern of [AFTER_KEYWORD, QUALIFIED]) {
    for (const match of text.matchAll(pattern)) {
      const name = match[1].toLowerCase();
      if (tableNames.has(name) && !ctes.has(name)) named.add(name);
    }
  }
  return named;
}

function resolveImport(file, specifier) {
  let target;
  if (specifier.startsWith("~/")) target = path.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.join(path.dirname(file), specifier);
  else return null;
  return path.normalize(target).replace(/\.(ts|tsx|mjs|js)$/, "");
}

/** Where a module (root-relative `file`, its `text`) names another owner's table: once per table and way. */
export function leaksIn(file, text, ownership) {
  const owner = ownerOf(file, ownership.features);
  const leaks = [];
  const foreign = (table) => ![owner, KERNEL].includes(ownership.tables.get(table)?.owner);
  const tableNames = new Set(ownership.tables.keys());
  const tableModules = [...ownership.modules.keys()].map((module) => path.basename(module));
  if (!/\bsql\s*[<`]/.test(text) && !tableModules.some((name) => text.includes(name))) return leaks;
  for (const sqlText of sqlTexts(file, text)) {
    for (const table of tablesNamedIn(sqlText, tableNames)) {
      if (foreign(table)) leaks.push({ file, table, owner: ownership.tables.get(table).owner, via: "sql" });
    }
  }
  for (const statement of parse(file, text).statements) {
    const isImport = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
    if (!isImport || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolveImport(file, statement.moduleSpecifier.text);
    const module = target === null ? undefined : ownership.modules.get(target);
    // A table module may import another's tables: its foreign keys.
    if (module === undefined || ownership.modules.has(file.replace(/\.(ts|tsx|mjs)$/, ""))) continue;
    for (const name of importedNames(statement) ?? [...module.bindings.keys()]) {
      const table = module.bindings.get(name);
      if (table && foreign(table)) leaks.push({ file, table, owner: ownership.tables.get(table).owner, via: "import" });
    }
  }
  const seen = new Set();
  return leaks.filter((leak) => !seen.has(`${leak.table} ${leak.via}`) && seen.add(`${leak.table} ${leak.via}`));
}

/** The names a declaration imports or re-exports from its module; null for a namespace or `export *`. */
function importedNames(statement) {
  const clause = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
  if (!clause || !("elements" in clause)) return null;
  return clause.elements.map((element) => (element.propertyName ?? element.name).text);
}

/** Every leak in the tree at `root`, scanning all of app/: features, the shared layer and routes. */
export function findTableLeaks(root = ".") {
  const ownership = tableOwners(root);
  const leaks = [];
  for (const full of sourceFiles(path.join(root, "app"))) {
    const file = path.relative(root, full);
    leaks.push(...leaksIn(file, readFileSync(full, "utf8"), ownership));
  }
  return leaks;
}
