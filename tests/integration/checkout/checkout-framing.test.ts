import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { startTestServer, type TestServer } from "../../support/test-server";

// `frame-ancestors 'none'` (and X-Frame-Options: DENY) everywhere, except the embed-mode checkout pages
// (`?embed=1&host=<origin>`) for a host on the seller's allowed list: those name exactly the seller's allowed
// origins. Checked over HTTP on the built app with the store pages' microcache on, so every place that sets the CSP
// is covered.

const SITE = "https://shop-a.example";
const LISTED = "http://127.0.0.1:4300";
const STRANGER = "https://evil.example";

let server: TestServer;
let seller: Seller;
let other: Seller;
let buyPageId: string;
let buyPath: string;

function cspOf(response: Response): string {
  return response.headers.get("content-security-policy") ?? "";
}

function embed(path: string, host: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}embed=1&host=${encodeURIComponent(host)}`;
}

function expectFramedBySeller(response: Response, path: string) {
  expect(response.headers.get("x-frame-options"), path).toBeNull();
  expect(cspOf(response), path).toMatch(
    /(?:^|; )frame-ancestors https:\/\/shop-a\.example http:\/\/127\.0\.0\.1:4300(?:;|$)/,
  );
  expect(cspOf(response), path).not.toMatch(/frame-ancestors \*/);
  // The rest of the policy is the same as everywhere.
  expect(cspOf(response), path).toMatch(/script-src 'self'/);
  expect(cspOf(response), path).toContain("object-src 'none'");
}

function expectNotFrameable(response: Response, path: string) {
  expect(response.headers.get("x-frame-options"), path).toBe("DENY");
  expect(cspOf(response), path).toContain("frame-ancestors 'none'");
  expect(cspOf(response), path).not.toMatch(/frame-ancestors \*/);
}

async function allowWebsites(sellerId: string, settings: Record<string, unknown>) {
  const id = randomUUID();
  await server.db.execute(
    sql`insert into sales_methods (id, user_id, method, settings) values (${id}::uuid, ${sellerId}, 'existing_website', ${JSON.stringify(settings)}::jsonb)`,
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "30" });
  seller = await createSeller(server.db, { priceCents: 900 });
  other = await createSeller(server.db, { priceCents: 500 });
  buyPageId = await allowWebsites(seller.id, { websiteUrl: `${SITE}/shop`, allowedOrigins: [LISTED, "not a url"] });
  buyPath = `/s/${seller.handle}/${seller.slug}/buy`;
});
afterAll(() => server?.stop());

describe("framing of the checkout pages", () => {
  it("an embed-mode checkout is framed only by its seller's allowed websites, through pay and return", async () => {
    // Rendered (the microcache's miss) twice: an embed-mode page is never kept.
    for (const host of [SITE, LISTED, SITE]) {
      const response = await server.request(embed(buyPath, host));
      expect(response.status).toBe(200);
      expectFramedBySeller(response, embed(buyPath, host));
      expect(await response.text()).toContain(`data-parent="${host}"`);
    }
    const started = await postForm(
      server,
      embed(buyPath, LISTED),
      { provider: "test", email: "framed@example.com" },
      { ip: "10.9.8.7" },
    );
    expect(started.status, await started.clone().text()).toBe(302);
    const testPage = new URL(started.headers.get("location")!);
    expect(testPage.searchParams.get("embed")).toBe("1");
    expect(testPage.searchParams.get("host")).toBe(LISTED);
    const testPath = `${testPage.pathname}${testPage.search}`;
    expectFramedBySeller(await server.request(testPath), testPath);
    expectNotFrameable(await server.request(testPage.pathname), testPage.pathname);

    const paid = await postForm(
      server,
      testPath,
      { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ada Buyer" },
      { ip: "10.9.8.7" },
    );
    expect(paid.status).toBe(302);
    const returned = new URL(paid.headers.get("location")!);
    expect(returned.searchParams.get("host")).toBe(LISTED);
    const returnPath = `${returned.pathname}${returned.search}`;
    const thanks = await server.request(returnPath);
    expectFramedBySeller(thanks, returnPath);
    const orderId = returned.pathname.split("/").pop();
    expect(await thanks.text()).toContain(`data-sellkit-paid-order="${orderId}"`);

    // The same return page without embed mode, or for a host not on the list: no frame at all.
    const plain = returnPath.replace(/&embed=1.*$/, "");
    expectNotFrameable(await server.request(plain), plain);
    const foreign = `${plain}&embed=1&host=${encodeURIComponent(STRANGER)}`;
    expectNotFrameable(await server.request(foreign), foreign);
  });

  it("a host not on the seller's list, another seller's list or no list at all gets frame-ancestors 'none'", async () => {
    const otherBuy = `/s/${other.handle}/${other.slug}/buy`;
    for (const path of [
      embed(buyPath, STRANGER),
      embed(buyPath, "https://shop-a.example.evil.example"),
      `${buyPath}?embed=1&host=*`,
      `${buyPath}?embed=1`,
      embed(otherBuy, SITE),
      embed(otherBuy, LISTED),
    ]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(200);
      expectNotFrameable(response, path);
    }
  });

  it("every page outside embed mode keeps frame-ancestors 'none' and X-Frame-Options: DENY, checkout included", async () => {
    const paths = [
      "/",
      "/pricing",
      buyPath,
      buyPath, // the microcache's hit
      `/buy/${buyPageId}`,
      embed(`/buy/${buyPageId}`, SITE),
      `/s/${seller.handle}`,
      `/s/${seller.handle}/${seller.slug}`,
      embed(`/s/${seller.handle}/${seller.slug}`, SITE),
      `/s/${seller.handle}/${seller.slug}/buy.data`,
      "/purchases",
      "/sign-in",
      "/dashboard",
      "/orders",
      "/checkout/test/tpc_000000000000000000000000/more",
      "/buyx/abc",
    ];
    for (const path of paths) expectNotFrameable(await server.request(path, { redirect: "manual" }), path);
    const applied = await postForm(server, buyPath, { intent: "apply", email: "" }, { ip: "10.9.8.6" });
    expect(applied.status).toBe(200);
    expectNotFrameable(applied, `POST ${buyPath}`);
  });
});

describe("allowed websites stored before origins were checked strictly", () => {
  it("never put a ; , quote or keyword of a stored website into the checkout's CSP", async () => {
    const stored = await createSeller(server.db, { priceCents: 700 });
    await allowWebsites(stored.id, {
      allowedOrigins: [
        "https://x;report-uri https://evil.example/r",
        "https://y,https://evil.example",
        "https://'unsafe-inline'.example",
        "https://x;sandbox",
        LISTED,
      ],
    });
    const path = embed(`/s/${stored.handle}/${stored.slug}/buy`, LISTED);
    const response = await server.request(path);
    expect(response.status).toBe(200);
    const csp = cspOf(response);
    expect(csp).toMatch(/(?:^|; )frame-ancestors http:\/\/127\.0\.0\.1:4300(?:;|$)/);
    expect(csp).not.toContain("report-uri");
    expect(csp).not.toContain("evil.example");
    expect(csp).not.toContain("sandbox");
    expect(csp.split("; ").filter((directive) => directive.startsWith("frame-ancestors"))).toHaveLength(1);
  });
});
