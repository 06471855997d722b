import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The import rules of docs/architecture.md are enforced by `npm run lint` (Biome, biome.json). These write
// forbidden (and allowed) code where the rules apply, run the linter once over it, and expect each refused or
// accepted, so a config change that turns a rule off fails here. (Biome's stdin mode does not report these
// rules, and each run reads the project's module graph, so the fixtures share one run.)

const BIOME = path.resolve("node_modules/.bin/biome");
const TAG = `lint-fixture-${process.pid}`;

const FIXTURES = {
  routeFromComponent: [
    "app/components/ui",
    "fixture.tsx",
    'import { loader } from "~/routes/workspace/dashboard";\nexport const x = loader;\n',
  ],
  nestedRouteByPath: [
    "app/components/ui",
    "nested.tsx",
    'import { loader } from "../../../routes/workspace/tools/products";\nexport const x = loader;\n',
  ],
  serverFromBrowser: [
    "app/domains/accounts/components",
    "fixture.tsx",
    'import { signIn } from "~/domains/accounts/server/sign-in.server";\nexport const x = signIn;\n',
  ],
  serverFromServer: [
    "app/domains/accounts/server",
    "fixture.server.ts",
    'import { signIn } from "~/domains/accounts/server/sign-in.server";\nexport const x = signIn;\n',
  ],
  componentFromServer: [
    "app/domains/security/server",
    "fixture.server.ts",
    'import { Button } from "~/components/ui/button";\nexport const x = Button;\n',
  ],
  undeclaredFeature: [
    "app/domains/marketing/components",
    "fixture.tsx",
    'import { SignInForm } from "~/domains/accounts/components/sign-in-form";\nexport const x = SignInForm;\n',
  ],
  declaredFeature: [
    "app/domains/catalog/components",
    "fixture.tsx",
    'import { SALES_METHODS } from "~/domains/sales-methods/content/sales-methods";\nexport const x = SALES_METHODS;\n',
  ],
  flowFromDomain: [
    "app/domains/orders/server",
    "fixture.server.ts",
    'import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";\nexport const x = refundOrder;\n',
  ],
  domainFromKernel: [
    "app/kernel/session",
    "fixture.server.ts",
    'import { signIn } from "~/domains/accounts/server/sign-in.server";\nexport const x = signIn;\n',
  ],
  pageFromFlow: [
    "app/flows/pos/server",
    "page-fixture.server.ts",
    'import { landingDashboard as y } from "~/pages/dashboards/server/landing-dashboard.server";\nexport const x = y;\n',
  ],
  undeclaredFlow: [
    "app/flows/checkout/server",
    "fixture.server.ts",
    'import { recordPosSale as y } from "~/flows/pos/server/record-pos-sale.server";\nexport const x = y;\n',
  ],
  declaredFlow: [
    "app/flows/pos/server",
    "fixture.server.ts",
    'import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";\nexport const x = transitionOrder;\n',
  ],
  kernelFromShared: [
    "app/lib",
    "fixture.ts",
    'import { TIME_ZONE_COOKIE } from "~/kernel/store/store-defaults";\nexport const x = TIME_ZONE_COOKIE;\n',
  ],
  featureFromShared: [
    "app/server/http",
    "fixture.server.ts",
    'import { signIn } from "~/domains/accounts/server/sign-in.server";\nexport const x = signIn;\n',
  ],
  cycleA: ["tests", "a.ts", 'import { b } from "./b";\nexport const a = () => b;\n'],
  cycleB: ["tests", "b.ts", 'import { a } from "./a";\nexport const b = () => a;\n'],
} as const;
type Fixture = keyof typeof FIXTURES;

const dirs: string[] = [];
const fileOf = (name: Fixture) => path.resolve(FIXTURES[name][0], TAG, FIXTURES[name][1]);
let diagnostics: { rule: string; file: string; message: string }[] = [];

beforeAll(() => {
  for (const [dir, file, source] of Object.values(FIXTURES)) {
    const folder = path.resolve(dir, TAG);
    if (!dirs.includes(folder)) dirs.push(folder);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, file), source);
  }
  const result = spawnSync(
    BIOME,
    ["lint", "--reporter=github", "--vcs-use-ignore-file=false", "--max-diagnostics=100", ...dirs],
    { encoding: "utf8" },
  );
  diagnostics = [
    ...`${result.stdout}${result.stderr}`.matchAll(/^::error title=([^,]+),file=([^,]+),[^:]*::(.*)$/gm),
  ].map(([, rule, file, message]) => ({
    rule: rule!,
    file: file!,
    message: message!,
  }));
}, 60_000);
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const errorsOf = (name: Fixture) => diagnostics.filter((d) => d.file === fileOf(name));
const messagesOf = (name: Fixture) =>
  errorsOf(name)
    .map((d) => d.message)
    .join();

describe("npm run lint: import rules", () => {
  it("refuses a route import from a shared component", () => {
    expect(
      errorsOf("routeFromComponent")
        .map((d) => d.message)
        .join(),
    ).toContain("Routes are the top layer");
  });

  it("refuses a relative import of a route in an area's sub-folder", () => {
    expect(
      errorsOf("nestedRouteByPath")
        .map((d) => d.message)
        .join(),
    ).toContain("Routes are the top layer");
  });

  it("refuses a server-only import from browser code, and allows it from a server module", () => {
    expect(
      errorsOf("serverFromBrowser")
        .map((d) => d.message)
        .join(),
    ).toContain("Browser code cannot import server-only modules");
    expect(errorsOf("serverFromServer")).toEqual([]);
  });

  it("refuses a UI component import from a server module", () => {
    expect(
      errorsOf("componentFromServer")
        .map((d) => d.message)
        .join(),
    ).toContain("Server modules do not import UI components");
  });

  it("refuses an import of a domain that is not a declared link, and allows a declared one", () => {
    expect(messagesOf("undeclaredFeature")).toContain("The marketing domain may import only the domains it declares");
    expect(errorsOf("declaredFeature")).toEqual([]);
  });

  it("refuses any layer from shared code, the kernel included", () => {
    expect(messagesOf("featureFromShared")).toContain("Shared code (app/components, app/lib, app/server, app/db)");
    expect(messagesOf("kernelFromShared")).toContain("Shared code (app/components, app/lib, app/server, app/db)");
  });

  it("keeps each layer below the ones above it: kernel, domains, flows, pages", () => {
    expect(messagesOf("domainFromKernel")).toContain("The kernel imports only shared code");
    expect(messagesOf("flowFromDomain")).toContain("Domains never import flows or pages");
    expect(messagesOf("pageFromFlow")).toContain("Flows never import page features");
  });

  it("lets a flow call only the flows it declares", () => {
    expect(messagesOf("undeclaredFlow")).toContain("The checkout flow may import only the flows it declares");
    expect(errorsOf("declaredFlow")).toEqual([]);
  });

  it("refuses an import cycle", () => {
    expect(errorsOf("cycleA").map((d) => d.rule)).toContain("lint/suspicious/noImportCycles");
  });
});
