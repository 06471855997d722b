import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import {
  createPhysicalProduct,
  createShippingZone,
  type PhysicalProduct,
  stockLevel,
  US_ADDRESS,
} from "../../support/physical-goods";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The cart of sellkit.js on a seller's website: its products' public state (products.json), one checkout of many
// lines in embed mode (digital and physical together, shipping asked only when something ships, the embedding
// site kept as the order's source), products no longer for sale taken out with a note, and the allowed websites.

const SITE = "https://shop-a.example";

let server: TestServer;
let seller: Seller;
let mug: PhysicalProduct;
let rateId: string;

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const cartPath = (items: string, host = SITE) =>
  `/s/${seller.handle}/cart/checkout?items=${items}&embed=1&host=${encodeURIComponent(host)}`;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSeller(server.db, { priceCents: 900 });
  mug = await createPhysicalProduct(server.db, seller.id, { name: "Mug", slug: "mug", variants: [{ stock: 5 }] });
  const rates = await createShippingZone(server.db, seller.id, {
    name: "US",
    countries: ["US"],
    rates: [{ name: "Standard", priceCents: 500 }],
  });
  rateId = rates[0]!;
  await server.db.execute(sql`
    insert into products (user_id, name, slug, pricing, price_cents, currency, status, published_at)
    values (${seller.id}, 'Sketchbook', 'sketchbook', 'fixed', 400, 'USD', 'published', now()),
      (${seller.id}, 'Secret Draft', 'secret-draft', 'fixed', 400, 'USD', 'draft', null)`);
  await server.db.execute(
    sql`insert into sales_methods (user_id, method, settings) values (${seller.id}, 'existing_website', ${JSON.stringify({ websiteUrl: SITE })}::jsonb)`,
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("products.json", () => {
  it("tells any website the published products and their state, nothing private", async () => {
    const response = await server.request(`/s/${seller.handle}/products.json`, { headers: { origin: SITE } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { products: Record<string, unknown>[] };
    expect(body.products.map((p) => p.slug).sort()).toEqual(["field-guide", "mug", "sketchbook"]);
    expect(body.products.find((p) => p.slug === "mug")).toMatchObject({
      name: "Mug",
      price: "$12.00",
      unitCents: 1200,
      physical: true,
      soldOut: false,
      cartable: true,
    });
    const text = JSON.stringify(body);
    for (const secret of [seller.id, "Secret Draft", "SKU-", "@example.com"]) expect(text).not.toContain(secret);
    expect((await server.request("/s/no-such-store/products.json")).status).toBe(404);
    // A page whose requests carry headers of its own asks first; only reading is allowed.
    const preflight = await server.request(`/s/${seller.handle}/products.json`, {
      method: "OPTIONS",
      headers: { origin: SITE, "access-control-request-method": "GET", "access-control-request-headers": "x-site" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET");
    const write = await server.request(`/s/${seller.handle}/products.json`, { method: "POST" });
    expect(write.status).toBe(405);
  });
});

describe("the cart checkout", () => {
  it("sells a download and two mugs as one order with shipping, under the embedding site's source", async () => {
    const path = cartPath("field-guide:1,mug:2");
    const page = await server.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${SITE}`);
    const body = await html(page);
    expect(body).toContain("Mug × 2");
    expect(body).toContain("$24.00");
    expect(body).toContain("Show shipping options");
    // No app script beyond the overlay's messenger: the page hydrates nothing.
    expect([...body.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0])).toEqual([
      expect.stringContaining('src="/js/sellkit-frame.js"'),
    ]);
    const attribution = /name="attribution" value="([^"]*)"/.exec(body)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(attribution).toBe("src=embed%3Ashop-a.example");

    const quoted = await postForm(server, path, { intent: "apply", ...US_ADDRESS }, { ip: "10.9.8.21" });
    expect(quoted.status).toBe(200);
    expect(await html(quoted)).toContain("Standard");

    const paid = await postForm(
      server,
      path,
      {
        provider: "test",
        email: "cart-buyer@example.com",
        ships: "1",
        ...US_ADDRESS,
        shippingRateId: rateId,
        attribution,
      },
      { ip: "10.9.8.21" },
    );
    expect(paid.status, await paid.clone().text()).toBe(302);
    const next = new URL(paid.headers.get("location")!);
    expect(next.pathname).toMatch(/^\/checkout\/test\//);
    expect(next.searchParams.get("host")).toBe(SITE);
    const orders = await server.db.execute<{
      id: string;
      source: string;
      amount_cents: number;
      shipping_cents: number;
      lines: { name: string; quantity: number; kind: string }[];
    }>(sql`
      select o.id, o.source, o.amount_cents, o.shipping_cents,
        (select json_agg(json_build_object('name', l.product_name, 'quantity', l.quantity, 'kind', l.kind)
          order by l.position)
          from order_lines l where l.order_id = o.id) as lines
      from orders o where o.customer_email = 'cart-buyer@example.com'`);
    expect(orders.rows).toHaveLength(1);
    expect(orders.rows[0]).toMatchObject({
      source: "embed:shop-a.example",
      amount_cents: 900 + 2 * 1200 + 500,
      shipping_cents: 500,
      lines: [
        { name: "Field Guide", quantity: 1, kind: "digital" },
        { name: "Mug", quantity: 2, kind: "physical" },
      ],
    });
    // The two mugs are held for the order, as any checkout holds them.
    expect((await stockLevel(server.db, mug.variantIds[0]!, mug.onlineId)).reserved).toBe(2);
  });

  it("asks no address for downloads only, and takes out a product no longer for sale with a note", async () => {
    await server.db.execute(
      sql`update products set status = 'archived' where user_id = ${seller.id} and slug = 'sketchbook'`,
    );
    const body = await html(await server.request(cartPath("field-guide,sketchbook:3,secret-draft,no-such-thing")));
    expect(body).toContain(
      "Sketchbook, Secret Draft, no-such-thing are no longer for sale and were removed from your cart.",
    );
    expect(body).toContain("Field Guide");
    expect(body).not.toContain("Show shipping options");
    expect(body).toContain("Pay with card");
    const empty = await html(await server.request(cartPath("sketchbook")));
    expect(empty).toContain("Sketchbook is no longer for sale and was removed from your cart.");
    expect(empty).toContain("Your cart is empty.");
    expect((await postForm(server, cartPath("sketchbook"), { provider: "test", email: "x@example.com" })).status).toBe(
      404,
    );
  });

  it("refuses to be framed by a website the seller has not allowed", async () => {
    const page = await server.request(cartPath("field-guide", "https://evil.example"));
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("allowed websites", () => {
  let creator: SignedInCreator;
  beforeAll(async () => {
    creator = await createSignedInCreator(server, { businessTypes: ["existing_website"] });
  });
  const post = (path: string, fields: Record<string, string>) =>
    postForm(server, path, fields, { jar: creator.jar, ip: creator.ip });
  const settings = async () =>
    (
      await server.db.execute<{ settings: Record<string, unknown> }>(
        sql`select settings from sales_methods where user_id = ${creator.id} and method = 'existing_website'`,
      )
    ).rows[0]?.settings;

  it("saves plain origins, refuses a path or a character that would reach the CSP, and keeps the list on setup", async () => {
    const refused = await post("/tools/integration", { origins: "https://a.example\nhttps://b.example/shop" });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain(
      "“https://b.example/shop” is not a website address like https://shop.example.com (no path).",
    );
    expect(await settings()).toBeUndefined();

    // A `;`, `,` or quote would add sources or directives to the checkout's CSP: refused on the field.
    for (const bad of ["https://x;report-uri", "https://a.example,https://evil.example", "https://'self'.example"]) {
      const injected = await post("/tools/integration", { origins: `https://a.example\n${bad}` });
      expect(injected.status, bad).toBe(400);
      expect(await html(injected), bad).toContain(`“${bad.replaceAll("'", "&#x27;")}” is not a website address`);
    }
    expect(await settings()).toBeUndefined();

    const saved = await post("/tools/integration", {
      origins: " https://a.example/ \nhttp://127.0.0.1:4300\nhttps://a.example",
    });
    expect(saved.status).toBe(302);
    expect(await settings()).toEqual({ allowedOrigins: ["https://a.example", "http://127.0.0.1:4300"] });

    const setup = await post("/sales/existing-website", {
      websiteUrl: "https://www.example.org",
      platform: "wix",
      integrationMethod: "cart",
      buttonText: "Buy it",
      buttonStyle: "success",
    });
    expect(setup.status).toBe(302);
    expect(await settings()).toMatchObject({
      websiteUrl: "https://www.example.org",
      allowedOrigins: ["https://a.example", "http://127.0.0.1:4300"],
    });
    const page = await html(
      await server.request("/tools/integration", {
        headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip },
      }),
    );
    expect(page).toContain("https://www.example.org");
    expect(page).toContain("http://127.0.0.1:4300");
  });
});
