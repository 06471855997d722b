// The layer map (decision 034): which layer each folder of app/ is in and what it may import. Run
// `node scripts/layer-map.mjs` after changing it; it writes the import rules into biome.json, which `npm run lint`
// enforces (tests/unit/lint-rules.test.ts and tests/unit/layer-map.test.ts prove the rules bite).
import { readFileSync, writeFileSync } from "node:fs";

/** Below every layer: primitives, utilities, the database and the server's plumbing. They import no layer. */
export const SHARED = ["app/components", "app/lib", "app/server", "app/db"];

/** The layers from the bottom up; each imports only the ones below it (and the shared code). */
export const LAYERS = ["kernel", "domains", "flows", "pages"];

/** Domain → the other domains it may import. The graph has no cycle (tests/unit/layer-map.test.ts). */
export const DOMAIN_LINKS = {
  accounts: ["security", "workspace"],
  analytics: ["catalog", "sales-methods"],
  billing: [],
  catalog: ["sales-methods", "workspace"],
  customers: ["orders"],
  delivery: ["catalog", "orders"],
  "dev-mailbox": [],
  discounts: ["catalog", "orders"],
  inventory: ["catalog", "sales-methods"],
  "link-in-bio": ["accounts", "analytics", "catalog", "customers", "sales-methods"],
  marketing: [],
  orders: ["analytics", "catalog", "inventory", "payments"],
  payments: [],
  payouts: ["orders", "payments"],
  "sales-methods": ["workspace"],
  security: [],
  shipping: [],
  social: ["analytics", "catalog", "link-in-bio", "sales-methods"],
  workspace: ["billing"],
};

/** Flow → the other flows it may call. Flows may call any domain. */
export const FLOW_LINKS = {
  checkout: ["order-lifecycle"],
  "event-sales": ["pos"],
  "order-lifecycle": [],
  pos: ["order-lifecycle"],
};

/** Page features: what several routes of one page area share. Only routes import them. */
export const PAGE_FEATURES = ["dashboards", "settings"];

const ROUTES = {
  group: ["~/routes/**", "**/routes/**"],
  message: "Routes are the top layer: only routes import routes (scripts/layer-map.mjs).",
};
const SERVER_ONLY = {
  group: ["**/*.server", "~/server/**", "~/db/**"],
  message:
    "Browser code cannot import server-only modules (*.server, app/server, app/db); pass the data through a loader.",
};
const COMPONENTS = {
  group: ["~/components/**", "**/components/**"],
  message: "Server modules do not import UI components (scripts/layer-map.mjs).",
};
const folderGlobs = (root, names) => names.flatMap((name) => [`~/${root}/${name}/**`, `**/${root}/${name}/**`]);
const layerGlobs = (...roots) => roots.flatMap((root) => [`~/${root}/**`, `**/${root}/**`]);
const ABOVE_SHARED = {
  group: layerGlobs("kernel", "domains", "flows", "pages"),
  message: "Shared code (app/components, app/lib, app/server, app/db) imports no layer: the layers build on it.",
};
const ABOVE_KERNEL = {
  group: layerGlobs("domains", "flows", "pages"),
  message: "The kernel imports only shared code: every domain, flow and page builds on it.",
};
const ABOVE_DOMAINS = {
  group: layerGlobs("flows", "pages"),
  message: "Domains never import flows or pages: flows call domains, never the reverse.",
};
const ABOVE_FLOWS = { group: layerGlobs("pages"), message: "Flows never import page features: routes call flows." };

// The composition root wires every layer together, so it is exempt; the error index merges each folder's codes.
const COMPOSITION_ROOT = [
  "app/server/create-services.server.ts",
  "app/server/services.server.ts",
  "app/server/runtime.server.ts",
  "app/server/http/body-limits.ts",
];
const ERROR_INDEX = "app/lib/errors/index.ts";
const ERRORS_ONLY = {
  group: [
    ...layerGlobs("kernel", "domains", "flows", "pages"),
    "!~/domains/*/errors",
    "!~/flows/*/errors",
    "!~/pages/*/errors",
  ],
  message: "The error index imports only each folder's errors.ts (scripts/layer-map.mjs).",
};

function rule(patterns) {
  return { linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } } };
}

/** Two overrides per folder: its browser-safe modules and its server modules. */
function folderOverrides(dir, patterns) {
  return [
    { includes: [`${dir}/**`, "!**/*.server.ts", `!${dir}/server/**`], ...rule([ROUTES, ...patterns, SERVER_ONLY]) },
    { includes: [`${dir}/server/**`, `${dir}/**/*.server.ts`], ...rule([ROUTES, ...patterns, COMPONENTS]) },
  ];
}

function linkRule(kind, name, links, all, root) {
  const forbidden = all.filter((other) => other !== name && !links.includes(other));
  return {
    group: folderGlobs(root, forbidden),
    message: `The ${name} ${kind} may import only the ${kind}s it declares (${links.join(", ") || "none"}): scripts/layer-map.mjs.`,
  };
}

/** Every override the layer map writes into biome.json, in order. */
export function layerOverrides() {
  const domains = Object.keys(DOMAIN_LINKS);
  const flows = Object.keys(FLOW_LINKS);
  return [
    {
      includes: ["app/components/**", "app/lib/**", "!app/lib/**/*.server.ts", `!${ERROR_INDEX}`],
      ...rule([ROUTES, SERVER_ONLY, ABOVE_SHARED]),
    },
    {
      includes: ["app/server/**", "app/db/**", "app/lib/**/*.server.ts", ...COMPOSITION_ROOT.map((file) => `!${file}`)],
      ...rule([ROUTES, COMPONENTS, ABOVE_SHARED]),
    },
    { includes: COMPOSITION_ROOT, ...rule([ROUTES, COMPONENTS]) },
    { includes: [ERROR_INDEX], ...rule([ROUTES, SERVER_ONLY, ERRORS_ONLY]) },
    ...folderOverrides("app/kernel", [ABOVE_KERNEL]),
    ...domains.flatMap((name) =>
      folderOverrides(`app/domains/${name}`, [
        ABOVE_DOMAINS,
        linkRule("domain", name, DOMAIN_LINKS[name], domains, "domains"),
      ]),
    ),
    ...flows.flatMap((name) =>
      folderOverrides(`app/flows/${name}`, [ABOVE_FLOWS, linkRule("flow", name, FLOW_LINKS[name], flows, "flows")]),
    ),
    ...PAGE_FEATURES.flatMap((name) =>
      folderOverrides(`app/pages/${name}`, [linkRule("page feature", name, [], PAGE_FEATURES, "pages")]),
    ),
  ];
}

const LAYER_ROOTS = [
  "app/components/",
  "app/lib/",
  "app/server/",
  "app/db/",
  "app/kernel",
  "app/domains/",
  "app/flows/",
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const biome = JSON.parse(readFileSync("biome.json", "utf8"));
  const others = biome.overrides.filter(
    (override) =>
      !override.includes.some(
        (glob) => LAYER_ROOTS.some((root) => glob.replace(/^!/, "").startsWith(root)) || glob.startsWith("app/pages/"),
      ),
  );
  biome.overrides = [...others, ...layerOverrides()];
  writeFileSync("biome.json", `${JSON.stringify(biome, null, 2)}\n`);
}
