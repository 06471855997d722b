import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { greetingText, hourIn } from "~/domains/workspace/greeting";
import { insertOrder } from "../../support/order-rows";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";
import { rebuildReadModels } from "../../support/read-models";

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  ada = await createSignedInCreator(server, {
    firstName: "Ada",
    storeName: "Ada's Atelier",
    businessTypes: ["online_store", "social_media"],
  });
  bob = await createSignedInCreator(server, { firstName: "Bob", storeName: "Bob's Booth", businessTypes: ["events"] });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

async function page(path: string, creator: SignedInCreator | null, extraCookie = "") {
  const cookie = [creator?.jar.header(), extraCookie].filter(Boolean).join("; ");
  const response = await server.request(path, {
    headers: { cookie, "x-forwarded-for": creator?.ip ?? "198.18.250.1" },
  });
  // React's separators between adjacent texts are not part of what the visitor reads.
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

/** Text of the element with `id` in server-rendered HTML. */
function textOf(html: string, id: string) {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.replaceAll("&#x27;", "'");
}

/** The value shown under a stat card's label. */
function stat(html: string, label: string) {
  return new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
}

describe("/dashboard", () => {
  it("sends visitors to /auth, remembering where they came from", async () => {
    const response = await page("/dashboard", null);
    expect(response.status).toBe(302);
    expect(response.location).toBe("/auth?from=%2Fdashboard");
  });

  it("greets by the hour of the zone the browser reported, on the server-rendered page", async () => {
    // Zones 12 hours apart always fall in different parts of the day, so a server ignoring the zone fails one of them.
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT+10", "Asia/Kolkata"]) {
      const now = new Date();
      const { html } = await page("/dashboard", ada, `sellkit.tz=${encodeURIComponent(zone)}`);
      const expected = greetingText(hourIn(now, zone), "Ada");
      const shown = textOf(html, "dashboard-greeting");
      // The minute may turn between the two clocks; accept the greeting of either side of a cut-off only then.
      expect([expected, greetingText(hourIn(new Date(), zone), "Ada")]).toContain(shown);
    }
  });

  it("shows the creator's own store, business card, tools and quick actions", async () => {
    const { html } = await page("/dashboard", ada);
    expect(html).toContain("Managing Ada&#x27;s Atelier");
    expect(html).toContain("Hand-drawn templates and guides for makers.");
    expect(html).toContain("Small craft businesses");
    for (const tool of ["E-shop Builder", "Product Manager", "Social Media Manager", "Link in Bio Tool"])
      expect(html).toContain(tool);
    for (const tool of ["Event Sales Manager", "POS System", "Buy Button Generator"]) expect(html).not.toContain(tool);
    for (const action of ["Set up your online store", "Connect social accounts", "Analytics", "Products"])
      expect(html).toContain(action);
    expect(html).not.toContain("Manage inventory");
    expect(html).not.toContain("Bob");
  });

  it("computes the stat cards from the creator's own products and sales only (paid or refunded), net of refunds", async () => {
    const empty = await page("/dashboard", ada);
    expect([
      stat(empty.html, "Total Sales"),
      stat(empty.html, "Orders"),
      stat(empty.html, "Products"),
      stat(empty.html, "Customers"),
    ]).toEqual(["$0", "0", "0", "0"]);

    const [product] = await server.db
      .insert(products)
      .values({ userId: ada.id, name: "Pricing Playbook", priceCents: 1000, currency: "USD" })
      .returning();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const order of [
      {
        userId: ada.id,
        productId: product!.id,
        status: "paid",
        customerEmail: "one@example.com",
        amountCents: 1000,
        currency: "USD",
        createdAt: daysAgo(1),
        paidAt: daysAgo(1),
      },
      // Partly refunded: counts with what was kept (1,000 − 250).
      {
        userId: ada.id,
        productId: product!.id,
        status: "paid",
        customerEmail: "ONE@example.com",
        amountCents: 1250,
        refundedCents: 250,
        currency: "USD",
        createdAt: daysAgo(2),
        paidAt: daysAgo(2),
      },
      {
        userId: ada.id,
        productId: product!.id,
        status: "paid",
        customerEmail: "two@example.com",
        amountCents: 550,
        currency: "USD",
        createdAt: daysAgo(45),
        paidAt: daysAgo(45),
      },
      {
        userId: ada.id,
        productId: product!.id,
        status: "paid",
        customerEmail: "three@example.com",
        amountCents: 900,
        currency: "EUR",
        createdAt: daysAgo(3),
        paidAt: daysAgo(3),
      },
      // Not sales: unpaid, expired, disputed. (The refunded one counts as an order and a customer, with no revenue.)
      {
        userId: ada.id,
        productId: product!.id,
        status: "pending",
        customerEmail: "four@example.com",
        amountCents: 7000,
        currency: "USD",
        createdAt: daysAgo(1),
      },
      {
        userId: ada.id,
        productId: product!.id,
        status: "expired",
        customerEmail: "five@example.com",
        amountCents: 7000,
        currency: "USD",
        createdAt: daysAgo(1),
      },
      {
        userId: ada.id,
        productId: product!.id,
        status: "refunded",
        customerEmail: "six@example.com",
        amountCents: 7000,
        refundedCents: 7000,
        currency: "USD",
        paidAt: daysAgo(0),
      },
      {
        userId: ada.id,
        productId: product!.id,
        status: "disputed",
        customerEmail: "seven@example.com",
        amountCents: 7000,
        currency: "USD",
        createdAt: daysAgo(1),
      },
      {
        userId: bob.id,
        status: "paid",
        customerEmail: "bobs@example.com",
        amountCents: 99_900,
        currency: "USD",
        createdAt: daysAgo(1),
        paidAt: daysAgo(1),
      },
    ] as const)
      await insertOrder(server.db, order);
    // Written directly, not through the order state machine: the read models are rebuilt as the migrations do.
    await rebuildReadModels(server.db);
    const { html } = await page("/dashboard", ada);
    expect(stat(html, "Total Sales")).toBe("$25.50");
    expect(stat(html, "Orders")).toBe("5");
    expect(stat(html, "Products")).toBe("1");
    expect(stat(html, "Customers")).toBe("4");
    // Each card's change, the last 30 days against the 30 before: orders 4 (one, ONE, three, six) against 1 (two);
    // dollar sales 2,000 against 550; one product added (none before); new customers 3 (one, three, six) against 1.
    const change = (label: string) =>
      new RegExp(`${label}</dt><dd[^>]*>[^<]*</dd><dd[^>]*><span[^>]*>([^<]*)</span> ([a-z ]*)in the last 30 days`)
        .exec(html)
        ?.slice(1);
    expect(change("Orders")).toEqual(["+300%", ""]);
    expect(change("Total Sales")).toEqual(["+264%", ""]);
    expect(change("Products")).toEqual(["+100%", "added "]);
    expect(change("Customers")).toEqual(["+200%", "new "]);

    // A store in euros sums its euro orders.
    await server.db
      .insert(salesMethods)
      .values({ userId: ada.id, method: "online_store", settings: { currency: "EUR" } });
    expect(stat((await page("/dashboard", ada)).html, "Total Sales")).toBe("€9");

    const other = await page("/dashboard", bob);
    expect(stat(other.html, "Total Sales")).toBe("$999");
    expect(stat(other.html, "Products")).toBe("0");
  });

  it("lists which sales methods are set up, each with its form", async () => {
    const { html } = await page("/dashboard", bob);
    expect(html).toMatch(/Event sales<\/span><span[^>]*>Not set up yet/);
    await server.db
      .insert(salesMethods)
      .values({ userId: bob.id, method: "events", settings: { businessName: "Bob's Booth" } });
    const after = await page("/dashboard", bob);
    expect(after.html).toMatch(/Event sales<\/span><span[^>]*>Set up · saved/);
    expect(after.html).toContain('href="/sales/event-sales"');
    expect((await page("/dashboard", ada)).html).toMatch(/Event sales<\/span><span[^>]*>Not set up yet/);
  });
});

describe("/ signed in", () => {
  it("is the sample creator dashboard, labelled as sample data, before the creator's first product", async () => {
    // Bob has no product (Ada's figures are on her landing: tests/integration/dashboards/dashboards.test.ts).
    const { status, html } = await page("/", bob);
    expect(status).toBe(200);
    for (const text of [
      "Sample data",
      "Creator dashboard",
      "New Product",
      "Settings",
      "Logout",
      "Products",
      "Sales",
      "Customers",
      "+€20.00",
      "Customer data will appear here as you make sales",
      "View Demo Data",
      "View All Transactions",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Start Selling Today");
  });

  it("is the marketing landing for visitors", async () => {
    const { html } = await page("/", null);
    expect(html).toContain("Start Selling Today");
    expect(html).not.toContain("Creator dashboard");
  });
});
