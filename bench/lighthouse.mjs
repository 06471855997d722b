// Lighthouse (mobile, default throttling) on every public route of the production build, in Debian Chromium.
// Budgets: performance ≥ 98; accessibility, best practices, SEO = 100. Exits 1 when one is missed.
// Usage: node bench/lighthouse.mjs [/route …]   (a store, /s/bench-atelier, and its product's sales page,
// /s/bench-atelier/planner-kit, and its Link in Bio page, /s/bench-atelier/links, are seeded first: see
// support/seed-store.mjs)
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { auditPages } from "./support/lighthouse-runner.mjs";
import { BIO_PAGE_PATH, SALES_PAGE_PATH, STORE_PATH, seedStore } from "./support/seed-store.mjs";

const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      "/",
      "/features",
      "/pricing",
      "/tier/starter",
      "/tier/pro",
      "/tier/business",
      "/tier/enterprise",
      "/security",
      "/help",
      "/contact",
      "/about",
      "/blog",
      "/blog/selling-at-craft-fairs",
      "/partners",
      "/learn",
      "/privacy",
      "/terms",
      // A creator's storefront and a published product's sales page, seeded below.
      STORE_PATH,
      SALES_PAGE_PATH,
      BIO_PAGE_PATH,
    ];

const dataDir = tempDataDir();
await seedStore(dataDir, { prefix: "lighthouse" });
const server = await startServer({}, { dataDir });
let passed = false;
try {
  passed = await auditPages(
    server.origin,
    ROUTES.map((route) => ({ label: route, path: route })),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
