import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, type Seller } from "../support/checkout-seller";
import { postForm } from "../support/form-post";
import { startTestServer, type TestServer } from "../support/test-server";

// `frame-ancestors 'none'` (and X-Frame-Options: DENY) everywhere except the checkout pages a buy button
// opens, which a seller may embed on their own site: the checkout page, the store's buy page, the test provider's
// TEST MODE page and the buyer's return page. Checked over HTTP on the built app, with the store pages' microcache
// on (its miss and its hit), so every place that sets the CSP is covered.

let server: TestServer;
let seller: Seller;
let buyPageId: string;
let testPagePath: string;
let returnPath: string;

function cspOf(response: Response): string {
  return response.headers.get("content-security-policy") ?? "";
}

function expectFrameable(response: Response, path: string) {
  expect(response.headers.get("x-frame-options"), path).toBeNull();
  expect(cspOf(response), path).toMatch(/(?:^|; )frame-ancestors \*(?:;|$)/);
  expect(cspOf(response), path).not.toContain("frame-ancestors 'none'");
  // The rest of the policy is the same as everywhere.
  expect(cspOf(response), path).toMatch(/script-src 'self'/);
  expect(cspOf(response), path).toContain("object-src 'none'");
}

function expectNotFrameable(response: Response, path: string) {
  expect(response.headers.get("x-frame-options"), path).toBe("DENY");
  expect(cspOf(response), path).toContain("frame-ancestors 'none'");
  expect(cspOf(response), path).not.toMatch(/frame-ancestors \*/);
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "30" });
  seller = await createSeller(server.db, { priceCents: 900 });
  buyPageId = randomUUID();
  await server.db.execute(
    sql`insert into sales_methods (id, user_id, method, settings) values (${buyPageId}::uuid, ${seller.id}, 'existing_website', '{}'::jsonb)`,
  );
  const started = await postForm(
    server,
    `/s/${seller.handle}/${seller.slug}/buy`,
    { provider: "test", email: "framed@example.com" },
    { ip: "10.9.8.7" },
  );
  expect(started.status, await started.clone().text()).toBe(302);
  testPagePath = new URL(started.headers.get("location")!).pathname;
  const paid = await postForm(
    server,
    testPagePath,
    { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ada Buyer" },
    { ip: "10.9.8.7" },
  );
  expect(paid.status).toBe(302);
  const returnUrl = new URL(paid.headers.get("location")!);
  returnPath = `${returnUrl.pathname}${returnUrl.search}`;
});
afterAll(() => server?.stop());

describe("framing of the checkout pages", () => {
  it("the checkout page, the buy page, the TEST MODE page and the return page may be framed by any site", async () => {
    const buyPath = `/s/${seller.handle}/${seller.slug}/buy`;
    // The checkout page twice: rendered (the microcache's miss), then from memory (its hit).
    for (const path of [buyPath, buyPath, `/buy/${buyPageId}`, testPagePath, returnPath]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(200);
      expectFrameable(response, path);
    }
    // A POST answer of the checkout page (Apply re-renders the summary) is framed as well.
    const applied = await postForm(server, buyPath, { intent: "apply", email: "" }, { ip: "10.9.8.6" });
    expect(applied.status).toBe(200);
    expectFrameable(applied, `POST ${buyPath}`);
  });

  it("every other page keeps frame-ancestors 'none' and X-Frame-Options: DENY", async () => {
    const paths = [
      "/",
      "/pricing",
      `/s/${seller.handle}`,
      `/s/${seller.handle}`, // the microcache's hit
      `/s/${seller.handle}/${seller.slug}`,
      `/s/${seller.handle}/${seller.slug}/buy.data`,
      "/purchases",
      "/sign-in",
      "/dashboard",
      "/orders",
      "/checkout/test/tpc_000000000000000000000000/more",
      "/buyx/abc",
    ];
    for (const path of paths) expectNotFrameable(await server.request(path, { redirect: "manual" }), path);
  });
});
