// Writes the per-feature import rules into biome.json from one table: which features each feature may import
// (docs/architecture.md, "Layout and import rules"). Run `node scripts/feature-links.mjs` after changing FEATURE_LINKS;
// `npm run lint` then enforces it (tests/unit/lint-rules.test.ts proves the rules bite).
import { readFileSync, writeFileSync } from "node:fs";

export const FEATURE_LINKS = {
  marketing: [],
  "dev-mailbox": [],
  catalog: ["accounts", "workspace", "sales-methods"],
  accounts: ["security", "workspace", "marketing"],
  security: ["accounts", "workspace"],
  settings: ["accounts", "security", "workspace", "marketing"],
  workspace: ["accounts", "sales-methods", "marketing", "payments"],
  "sales-methods": ["accounts", "workspace"],
  payments: ["accounts", "workspace", "security"],
  discounts: ["accounts", "workspace", "catalog"],
  // order-lifecycle: only for the order page's submit-*.server.ts form handlers, which belong beside their routes.
  orders: ["accounts", "catalog", "inventory", "analytics", "order-lifecycle"],
  "order-lifecycle": ["orders", "payments", "delivery", "inventory", "discounts", "analytics", "security"],
  checkout: [
    "catalog",
    "discounts",
    "delivery",
    "orders",
    "order-lifecycle",
    "payments",
    "inventory",
    "shipping",
    "analytics",
  ],
  customers: ["accounts", "orders", "security", "workspace"],
  delivery: ["accounts", "catalog", "orders"],
  analytics: ["accounts", "catalog", "sales-methods"],
  dashboards: ["accounts", "workspace", "catalog", "orders", "customers", "analytics", "marketing"],
  payouts: ["accounts", "workspace", "catalog", "payments", "orders", "security"],
  inventory: ["accounts", "workspace", "catalog", "sales-methods"],
  shipping: ["accounts", "workspace", "catalog"],
  "event-sales": ["accounts", "workspace", "catalog", "sales-methods", "inventory", "orders", "pos"],
  "link-in-bio": ["accounts", "workspace", "catalog", "sales-methods", "analytics", "customers"],
  pos: [
    "accounts",
    "workspace",
    "catalog",
    "sales-methods",
    "inventory",
    "orders",
    "order-lifecycle",
    "payments",
    "delivery",
    "discounts",
  ],
  social: ["accounts", "workspace", "catalog", "sales-methods", "analytics"],
};

const ROUTES = {
  group: ["~/routes/**", "**/routes/**"],
  message: "Routes are the top layer: nothing imports them (docs/architecture.md, import rules).",
};
const SERVER_ONLY = {
  group: ["**/*.server", "~/server/**", "~/db/**"],
  message:
    "Browser code cannot import server-only modules (*.server, app/server, app/db); pass the data through a loader.",
};
const COMPONENTS = {
  group: ["~/components/**", "**/components/**"],
  message: "Server modules do not import UI components (docs/architecture.md, import rules).",
};

// The one exception to "shared code never imports a feature": the error index merges the features' own codes, so it
// may import each feature's browser-safe `errors.ts` and nothing else (biome.json's app/lib rule skips this file).
const ERROR_INDEX = "app/lib/errors/index.ts";
const FEATURES_BUT_ERRORS = {
  group: ["~/features/**", "**/features/**", "!~/features/*/errors"],
  message: "The error index imports only each feature's errors.ts (scripts/feature-links.mjs).",
};

function rule(patterns) {
  return { linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } } };
}

function featureOverrides(feature, links) {
  const forbidden = Object.keys(FEATURE_LINKS).filter((other) => other !== feature && !links.includes(other));
  const linkRule = {
    group: forbidden.flatMap((other) => [`~/features/${other}/**`, `**/${other}/**`]),
    message: `The ${feature} feature may import only its declared links (${links.length ? links.join(", ") : "none"}): see the table in docs/architecture.md.`,
  };
  return [
    {
      includes: [`app/features/${feature}/**`, "!**/*.server.ts", `!app/features/${feature}/server/**`],
      ...rule([ROUTES, linkRule, SERVER_ONLY]),
    },
    {
      includes: [`app/features/${feature}/server/**`, `app/features/${feature}/**/*.server.ts`],
      ...rule([ROUTES, linkRule, COMPONENTS]),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const biome = JSON.parse(readFileSync("biome.json", "utf8"));
  const shared = biome.overrides.filter(
    (override) => !override.includes.some((glob) => glob.startsWith("app/features/") || glob === ERROR_INDEX),
  );
  biome.overrides = [
    ...shared,
    { includes: [ERROR_INDEX], ...rule([ROUTES, SERVER_ONLY, FEATURES_BUT_ERRORS]) },
    ...Object.entries(FEATURE_LINKS).flatMap(([feature, links]) => featureOverrides(feature, links)),
  ];
  writeFileSync("biome.json", `${JSON.stringify(biome, null, 2)}\n`);
}
