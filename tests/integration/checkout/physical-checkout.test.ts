import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckout } from "~/flows/checkout/server/create-checkout.server";
import { reconcilePendingOrders } from "~/flows/order-lifecycle/server/reconcile-pending-orders.server";
import { ERRORS } from "~/lib/errors";
import { createDiscountCode, createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import {
  createPhysicalProduct,
  createShippingZone,
  type PhysicalProduct,
  stockLevel,
  US_ADDRESS,
} from "../../support/physical-goods";
import { startTestServer, type TestServer } from "../../support/test-server";
import { CHECKOUT_JS_BUDGET, gzipBytes, pageScripts } from "../../../bench/support/page-scripts.mjs";

// Physical goods at checkout against the real server: lines of several products and stock held in the checkout's
// transaction. A shortage is told before paying, shipping is priced for the address's country, and a checkout
// abandoned between its hold and its payment gives its units back at expiry.

let server: TestServer;
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ada Buyer" };
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

async function physicalSeller(product: Parameters<typeof createPhysicalProduct>[2] = {}) {
  const seller = await createSeller(server.db, { name: "E-book", priceCents: 800 });
  const mug = await createPhysicalProduct(server.db, seller.id, product);
  const rates = await createShippingZone(server.db, seller.id, {
    name: "North America",
    countries: ["US", "CA"],
    rates: [
      { name: "Standard", priceCents: 500, freeAboveCents: 10_000 },
      {
        name: "By weight",
        kind: "weight",
        bands: [
          { maxGrams: 500, priceCents: 400 },
          { maxGrams: 2000, priceCents: 900 },
        ],
      },
    ],
  });
  return { seller, mug, rates };
}

const buyPath = (seller: Seller, mug: PhysicalProduct) => `/s/${seller.handle}/${mug.slug}/buy`;

/** The buy form for a physical product, as a browser without JavaScript posts it. */
function buy(seller: Seller, mug: PhysicalProduct, fields: Record<string, string>, from = ip()) {
  return postForm(
    server,
    buyPath(seller, mug),
    { provider: "test", ships: "1", variantId: mug.variantIds[0]!, quantity: "1", ...US_ADDRESS, ...fields },
    { ip: from },
  );
}

async function orderOf(checkoutId: string) {
  const result = await server.db.execute<{
    id: string;
    status: string;
    amount_cents: number;
    subtotal_cents: number;
    discount_cents: number;
    shipping_cents: number;
    shipping_rate_name: string | null;
    shipping_address: Record<string, string> | null;
    fulfilment_status: string;
    location_id: string | null;
  }>(sql`select * from orders where provider_checkout_id = ${checkoutId}`);
  return result.rows[0]!;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
});
afterAll(async () => {
  await server?.stop();
});

describe("a checkout of several lines", () => {
  it("writes each line, splits the discount, ships the physical ones and holds their units", async () => {
    const { seller, mug, rates } = await physicalSeller({
      name: "Mug",
      priceCents: 1200,
      weightGrams: 300,
      variants: [
        { title: "Blue", sku: "MUG-B", stock: 5 },
        { title: "Red", sku: "MUG-R", priceCents: 1500, weightGrams: 400, stock: 5 },
      ],
    });
    await createDiscountCode(server.db, seller.id, { code: "TENOFF", amountOffCents: 1000 });
    const result = await createCheckout(
      server.sourceServices(),
      {
        lines: [
          { product: { productId: mug.productId }, variantId: mug.variantIds[0], quantity: 2 },
          { product: { handle: seller.handle, slug: seller.slug }, quantity: 1 },
          { product: { productId: mug.productId }, variantId: mug.variantIds[1], quantity: 1 },
        ],
        email: "lines@example.com",
        discountCode: "tenoff",
        provider: "test",
        shippingAddress: { ...US_ADDRESS, postcode: "62701-1234" },
        shippingRateId: rates[1],
      },
      { ipAddress: ip() },
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const order = (
      await server.db.execute<{
        amount_cents: number;
        subtotal_cents: number;
        discount_cents: number;
        shipping_cents: number;
        shipping_rate_name: string;
        fulfilment_status: string;
        location_id: string;
        provider_checkout_id: string;
        shipping_address: Record<string, string>;
      }>(sql`select * from orders where id = ${result.orderId}::uuid`)
    ).rows[0]!;
    // Goods 2 × 12.00 + 8.00 + 15.00 = 47.00; weight 2 × 300 + 0 + 400 = 1000 g, the 2 kg band: 9.00.
    expect(order).toMatchObject({
      subtotal_cents: 4700,
      discount_cents: 1000,
      shipping_cents: 900,
      amount_cents: 4700 - 1000 + 900,
      shipping_rate_name: "By weight",
      fulfilment_status: "unfulfilled",
      location_id: mug.onlineId,
    });
    expect(order.shipping_address).toMatchObject({ country: "US", region: "IL", postcode: "62701-1234" });
    const lines = await server.db.execute<{
      kind: string;
      variant_id: string | null;
      product_name: string;
      variant_title: string;
      sku: string | null;
      unit_price_cents: number;
      quantity: number;
      subtotal_cents: number;
      discount_cents: number;
    }>(sql`select * from order_lines where order_id = ${result.orderId}::uuid order by position`);
    expect(lines.rows).toMatchObject([
      { kind: "physical", variant_id: mug.variantIds[0], variant_title: "Blue", sku: "MUG-B", quantity: 2 },
      { kind: "digital", variant_id: null, product_name: "E-book", quantity: 1, unit_price_cents: 800 },
      { kind: "physical", variant_id: mug.variantIds[1], sku: "MUG-R", unit_price_cents: 1500, subtotal_cents: 1500 },
    ]);
    // 1000 off 4700 in proportion, rounded down, the remainder on the last line: 510, 170, 320.
    expect(lines.rows.map((line) => line.discount_cents)).toEqual([510, 170, 320]);
    expect(await stockLevel(server.db, mug.variantIds[0]!, mug.onlineId)).toEqual({
      on_hand: 5,
      reserved: 2,
      ledger: 5,
    });
    expect(await stockLevel(server.db, mug.variantIds[1]!, mug.onlineId)).toEqual({
      on_hand: 5,
      reserved: 1,
      ledger: 5,
    });
    const described = await server.db.execute<{ description: string }>(
      sql`select description from test_provider_checkouts where id = ${order.provider_checkout_id}`,
    );
    expect(described.rows[0]!.description).toBe("Mug (Blue) ×2, E-book, Mug (Red)");
  });

  it("refuses lines of two sellers, a download bought twice and a variant of another product", async () => {
    const one = await physicalSeller();
    const two = await physicalSeller();
    const base = { email: "mixed@example.com", provider: "test" as const, shippingAddress: US_ADDRESS };
    const services = server.sourceServices();
    const mixed = await createCheckout(
      services,
      {
        ...base,
        lines: [
          { product: { productId: one.mug.productId }, quantity: 1 },
          { product: { productId: two.mug.productId }, quantity: 1 },
        ],
      },
      { ipAddress: ip() },
    );
    expect(mixed).toMatchObject({ ok: false, code: "CHECKOUT_LINES_MIXED" });
    const twice = await createCheckout(
      services,
      { ...base, lines: [{ product: { handle: one.seller.handle, slug: one.seller.slug }, quantity: 2 }] },
      { ipAddress: ip() },
    );
    expect(twice).toMatchObject({ ok: false, code: "CHECKOUT_QUANTITY_INVALID" });
    const foreign = await createCheckout(
      services,
      {
        ...base,
        lines: [{ product: { productId: one.mug.productId }, variantId: two.mug.variantIds[0], quantity: 1 }],
      },
      { ipAddress: ip() },
    );
    expect(foreign).toMatchObject({ ok: false, code: "CHECKOUT_VARIANT_UNAVAILABLE" });
  });
});

describe("stock at checkout", () => {
  it("tells the buyer how many are left, or Sold out, at the quantity field before paying", async () => {
    const { seller, mug, rates } = await physicalSeller({ variants: [{ stock: 2 }] });
    const tooMany = await buy(seller, mug, { email: "many@example.com", quantity: "3", shippingRateId: rates[0]! });
    expect(tooMany.status).toBe(409);
    const page = await tooMany.text();
    expect(page).toMatch(/<p id="[^"]*quantity-error"[^>]*>Only 2 left<\/p>/);
    const ok = await buy(seller, mug, { email: "two@example.com", quantity: "2", shippingRateId: rates[0]! });
    expect(ok.status).toBe(302);
    const soldOut = await buy(seller, mug, { email: "late@example.com", shippingRateId: rates[0]! });
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toMatch(/quantity-error"[^>]*>Sold out<\/p>/);
    const orders = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${seller.id}`,
    );
    expect(orders.rows[0]!.n).toBe(1);
    // The buy page itself says so before anyone types.
    const shown = await (await server.request(`${buyPath(seller, mug)}?variant=${mug.variantIds[0]}`)).text();
    expect(shown).toContain("Sold out");
  });

  it("gives the last 10 units to exactly 10 of 50 concurrent buyers, and backorders all 50 when allowed", async () => {
    for (const allowBackorder of [false, true]) {
      const { seller, mug, rates } = await physicalSeller({ allowBackorder, variants: [{ stock: 10 }] });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          buy(seller, mug, { email: `race-${allowBackorder}-${i}@example.com`, shippingRateId: rates[0]! }),
        ),
      );
      const started = answers.filter((answer) => answer.status === 302);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(started).toHaveLength(allowBackorder ? 50 : 10);
      expect(refused).toHaveLength(allowBackorder ? 0 : 40);
      for (const answer of refused) expect(await answer.text()).toMatch(/quantity-error"[^>]*>Sold out<\/p>/);
      for (const answer of started) {
        const paid = await postForm(server, new URL(answer.headers.get("location")!).pathname, {
          intent: "pay",
          ...CARD,
        });
        expect(paid.status).toBe(302);
      }
      const counted = await server.db.execute<{ paid: number }>(
        sql`select count(*) filter (where status = 'paid')::int as paid from orders where user_id = ${seller.id}`,
      );
      expect(counted.rows[0]!.paid).toBe(allowBackorder ? 50 : 10);
      const level = await stockLevel(server.db, mug.variantIds[0]!, mug.onlineId);
      expect(level).toEqual(
        allowBackorder ? { on_hand: -40, reserved: 0, ledger: -40 } : { on_hand: 0, reserved: 0, ledger: 0 },
      );
    }
  });

  it("gives the units back when a checkout dies between its hold and its payment, at the reconciler's expiry", async () => {
    const { seller, mug, rates } = await physicalSeller({ variants: [{ stock: 1 }] });
    const started = await buy(seller, mug, { email: "crash@example.com", shippingRateId: rates[0]! });
    expect(started.status).toBe(302);
    const checkoutId = new URL(started.headers.get("location")!).pathname.split("/").pop()!;
    const order = await orderOf(checkoutId);
    // The process died after the order and its hold were committed: the provider never heard of the checkout.
    await server.db.execute(sql`update orders set provider_checkout_id = null where id = ${order.id}::uuid`);
    expect((await buy(seller, mug, { email: "waiting@example.com", shippingRateId: rates[0]! })).status).toBe(409);
    expect(await stockLevel(server.db, mug.variantIds[0]!, mug.onlineId)).toMatchObject({ on_hand: 1, reserved: 1 });

    const swept = await reconcilePendingOrders(server.sourceServices(), new Date(Date.now() + 31 * 60_000));
    expect(swept.ran).toBe(true);
    const after = await server.db.execute<{ status: string }>(
      sql`select status from orders where id = ${order.id}::uuid`,
    );
    expect(after.rows[0]!.status).toBe("expired");
    expect(await stockLevel(server.db, mug.variantIds[0]!, mug.onlineId)).toEqual({
      on_hand: 1,
      reserved: 0,
      ledger: 1,
    });
    expect((await buy(seller, mug, { email: "next@example.com", shippingRateId: rates[0]! })).status).toBe(302);
  });
});

describe("shipping at checkout", () => {
  it("asks for the address of a physical order, field by field", async () => {
    const { seller, mug, rates } = await physicalSeller({ variants: [{ stock: 3 }] });
    const response = await buy(seller, mug, {
      email: "address@example.com",
      name: "",
      city: "",
      region: "ZZ",
      postcode: "1234",
      shippingRateId: rates[0]!,
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(html("Please enter the recipient's name."));
    expect(page).toContain("Please enter the city.");
    expect(page).toContain("Please choose a state, province or territory.");
    expect(page).toContain("This postcode is not valid for United States.");
    // The verb refuses a physical order without an address whatever the form said.
    const direct = await createCheckout(
      server.sourceServices(),
      { lines: [{ product: { productId: mug.productId }, quantity: 1 }], email: "x@example.com", provider: "test" },
      { ipAddress: ip() },
    );
    expect(direct).toMatchObject({ ok: false, code: "CHECKOUT_ADDRESS_REQUIRED" });
  });

  it("lists the options of the country with their prices, and re-prices the chosen one on pay", async () => {
    const { seller, mug, rates } = await physicalSeller({
      priceCents: 6000,
      weightGrams: 600,
      variants: [{ stock: 9 }],
    });
    const applied = await buy(seller, mug, { intent: "apply", email: "", quantity: "2" });
    expect(applied.status).toBe(200);
    const page = await applied.text();
    // 2 × 60.00 = 120.00 reaches Standard's free-above 100.00; 1200 g is in the 2 kg band: 9.00.
    expect(page).toMatch(/Standard<\/span><span[^>]*>Free</);
    expect(page).toMatch(/By weight<\/span><span[^>]*>\$9\.00</);
    expect(page).toContain("$120.00");

    const needsRate = await buy(seller, mug, { email: "rate@example.com" });
    expect(needsRate.status).toBe(400);
    expect(await needsRate.text()).toContain(ERRORS.CHECKOUT_SHIPPING_RATE_REQUIRED.message);

    const other = await physicalSeller();
    const foreignRate = await buy(seller, mug, { email: "foreign@example.com", shippingRateId: other.rates[0]! });
    expect(foreignRate.status).toBe(400);

    const paid = await buy(seller, mug, { email: "weight@example.com", quantity: "1", shippingRateId: rates[1]! });
    expect(paid.status).toBe(302);
    const order = await orderOf(new URL(paid.headers.get("location")!).pathname.split("/").pop()!);
    // 600 g: the 2 kg band, 9.00; the free-above of another rate does not apply.
    expect(order).toMatchObject({ subtotal_cents: 6000, shipping_cents: 900, amount_cents: 6900 });
  });

  it("says it does not ship to a country no zone lists, on the page and from the options resource", async () => {
    const { seller, mug } = await physicalSeller({ variants: [{ stock: 3 }] });
    const applied = await buy(seller, mug, { intent: "apply", country: "JP", region: "", postcode: "100-0001" });
    expect(applied.status).toBe(400);
    expect(await applied.text()).toContain(html("We don't ship to Japan yet."));
    const options = await server.request(
      `/s/${seller.handle}/${mug.slug}/shipping-options?country=JP&variant=${mug.variantIds[0]}&quantity=1`,
    );
    expect(options.status).toBe(400);
    expect(await options.json()).toMatchObject({ error: "We don't ship to Japan yet.", shipping: null });
    const served = await server.request(
      `/s/${seller.handle}/${mug.slug}/shipping-options?country=CA&variant=${mug.variantIds[0]}&quantity=1`,
    );
    expect(await served.json()).toMatchObject({
      error: null,
      shipping: {
        options: [
          { name: "Standard", priceCents: 500 },
          { name: "By weight", priceCents: 400 },
        ],
      },
      summary: { subtotalCents: 1200, amountCents: 1700 },
    });
  });
});

describe("the physical buy page's JavaScript", () => {
  it("hydrates nothing: one nonced inline script within the checkout budget, and the regions it asks for", async () => {
    const { seller, mug } = await physicalSeller({ variants: [{ stock: 3 }] });
    const page = await server.request(`${buyPath(seller, mug)}?variant=${mug.variantIds[0]}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    const { assets, inline } = pageScripts(text);
    expect(assets).toEqual([]);
    expect(inline).toContain("data-shipping-options");
    expect(gzipBytes(Buffer.from(inline))).toBeLessThanOrEqual(CHECKOUT_JS_BUDGET);
    const nonce = /<script nonce="([^"]+)"/.exec(text)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(text).toContain(`data-shipping-options="/s/${seller.handle}/${mug.slug}/shipping-options"`);

    const options = await server.request(
      `/s/${seller.handle}/${mug.slug}/shipping-options?country=US&variant=${mug.variantIds[0]}&quantity=1`,
    );
    const answer = await options.json();
    expect(answer.regionLabel).toBe("State");
    expect(answer.regions).toContainEqual({ code: "IL", name: "Illinois" });
    const none = await server.request(
      `/s/${seller.handle}/${mug.slug}/shipping-options?country=JP&variant=${mug.variantIds[0]}&quantity=1`,
    );
    expect(await none.json()).toMatchObject({ regions: [], regionLabel: null, error: "We don't ship to Japan yet." });
  });
});
