import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { formatMoney, formatMoneyShort as formatStat } from "~/lib/money";
import type { OrderListItem } from "~/domains/orders/order-display";
import type { OrderStatus } from "~/domains/orders/order-status";
import { recordRefund } from "~/flows/order-lifecycle/server/record-refund.server";
import {
  ordersCursorParam,
  parseOrdersCursor,
  sellerOrdersQuery,
} from "~/domains/orders/server/seller-orders-query.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { insertOrder as insertOrderRow } from "../../support/order-rows";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { openSse } from "../../support/sse-client";
import { startTestServer, type TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";
import { rebuildReadModels } from "../../support/read-models";

// Against the built app and a real PostgreSQL: the signed-in landing's tabs with a creator's own data
// (sample data before their first product), the dashboard's cards by "what counts as a sale" (paid or refunded,
// from paid_at, net of refunds, disputed not revenue) agreeing with the orders list and the landing, another
// creator's rows never shown, and the live order changes over Server-Sent Events (own orders only, across
// instances).

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;
let fieldGuide: string;
let draftNotes: string;
const orderIds: Record<string, string> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

type Order = {
  key?: string;
  product?: string | null;
  productName?: string;
  email: string;
  status?: string;
  amount?: number;
  refunded?: number;
  currency?: string;
  created: string;
  paid?: string | null;
};

async function insertOrder(userId: string, order: Order): Promise<string> {
  const id = randomUUID();
  await insertOrderRow(server.db, {
    id,
    userId,
    productId: order.product ?? null,
    productName: order.productName ?? "Field Guide",
    customerEmail: order.email,
    status: (order.status ?? "paid") as OrderStatus,
    subtotalCents: order.amount ?? 1000,
    amountCents: order.amount ?? 1000,
    refundedCents: order.refunded ?? 0,
    currency: order.currency ?? "USD",
    provider: "test",
    createdAt: new Date(order.created),
    paidAt: order.paid ? new Date(order.paid) : null,
  });
  if (order.key) orderIds[order.key] = id;
  return id;
}

async function html(path: string, who: SignedInCreator, cookie = "") {
  const response = await server.request(path, {
    headers: { cookie: [who.jar.header(), cookie].filter(Boolean).join("; "), "x-forwarded-for": who.ip },
  });
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

/** The value shown under a figure's label (the dashboard's cards, the landing's Sales tab). */
const figure = (page: string, label: string) =>
  new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(page)?.[1];

/** Every order of the orders list (/orders), all pages, as the list reads them. */
async function ordersList(userId: string): Promise<OrderListItem[]> {
  const all: OrderListItem[] = [];
  let after = null;
  for (;;) {
    const page = await runPageQuery(server.db, { userId }, sellerOrdersQuery(null, after));
    all.push(...page.orders);
    const last = page.orders.at(-1);
    if (!page.more || !last) return all;
    after = parseOrdersCursor(ordersCursorParam(last));
  }
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" }, { countRoundTrips: true });
  ada = await createSignedInCreator(server, { firstName: "Ada", storeName: "Ada's Atelier" });
  bob = await createSignedInCreator(server, { firstName: "Bob", storeName: "Bob's Booth" });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("the signed-in landing (/)", () => {
  it("shows the spec's sample data before the creator's first product", async () => {
    const page = await html("/", ada);
    expect(page).toContain("Sample data");
    expect(page).toContain("The Creator's Pricing Playbook");
    expect(figure(page, "Total Revenue")).toBe("€5,030.00");
    expect(page).toContain("Customer data will appear here as you make sales");
    expect(page).toContain("View Demo Data");
  });

  it("shows the creator's own products, sales and customers once they have a product, as the dashboard and the orders list count them", async () => {
    await server.db.execute(sql`insert into storefronts (user_id, handle) values (${ada.id}, 'ada-atelier')`);
    const inserted = await server.db.execute<{ id: string; name: string }>(sql`
      insert into products (user_id, name, slug, type, price_cents, currency, status, created_at) values
        (${ada.id}, 'Field Guide', 'field-guide', 'ebook', 1000, 'USD', 'published', now() - interval '2 days'),
        (${ada.id}, 'Draft Notes', 'draft-notes', 'template', 2000, 'USD', 'draft', now() - interval '1 day')
      returning id, name`);
    const rows = inserted.rows;
    fieldGuide = rows.find((row) => row.name === "Field Guide")!.id;
    draftNotes = rows.find((row) => row.name === "Draft Notes")!.id;
    await server.db.execute(
      sql`insert into products (user_id, name, price_cents, currency) values (${bob.id}, 'Bob''s Secret Product', 500, 'USD')`,
    );

    // Made 40 days ago, paid yesterday: a sale of the last 30 days (by paid_at).
    await insertOrder(ada.id, {
      key: "late",
      product: fieldGuide,
      email: "ann@example.com",
      created: daysAgo(40),
      paid: daysAgo(1),
    });
    // Partly refunded: 10.00 kept of 12.50.
    await insertOrder(ada.id, {
      key: "partial",
      product: fieldGuide,
      email: "ANN@example.com",
      amount: 1250,
      refunded: 250,
      created: daysAgo(2),
      paid: daysAgo(2),
    });
    // Fully refunded: one order, no revenue.
    await insertOrder(ada.id, {
      key: "refunded",
      product: fieldGuide,
      email: "bob@example.com",
      status: "refunded",
      amount: 700,
      refunded: 700,
      created: daysAgo(3),
      paid: daysAgo(3),
    });
    // Not sales: disputed, pending, expired.
    await insertOrder(ada.id, {
      product: fieldGuide,
      email: "cat@example.com",
      status: "disputed",
      amount: 5000,
      created: daysAgo(4),
      paid: daysAgo(4),
    });
    await insertOrder(ada.id, {
      product: fieldGuide,
      email: "dan@example.com",
      status: "pending",
      amount: 9000,
      created: daysAgo(1),
    });
    await insertOrder(ada.id, {
      product: fieldGuide,
      email: "dan@example.com",
      status: "expired",
      amount: 9000,
      created: daysAgo(1),
    });
    // Another currency: an order, not revenue of a dollar store.
    await insertOrder(ada.id, {
      key: "euro",
      product: draftNotes,
      productName: "Draft Notes",
      email: "eve@example.com",
      amount: 900,
      currency: "EUR",
      created: daysAgo(5),
      paid: daysAgo(5),
    });
    // Paid 45 days ago: the previous window.
    await insertOrder(ada.id, {
      key: "old",
      product: draftNotes,
      productName: "Draft Notes",
      email: "fay@example.com",
      amount: 2000,
      created: daysAgo(45),
      paid: daysAgo(45),
    });
    // Bob's sale is never Ada's.
    await insertOrder(bob.id, {
      email: "zed@example.com",
      amount: 99_900,
      created: daysAgo(1),
      paid: daysAgo(1),
      productName: "Bob's Secret Product",
    });
    // 8 unique visitors of Ada's pages in the last 30 days (one seen twice the same day: a visitor's hash changes with
    // each UTC day's salt), 50 of Bob's, and one of Ada's 40 days ago; written directly, so the analytics read model
    // is rebuilt from them (as the benches do).
    await server.db.execute(sql`
      insert into page_view_visitors (seller_id, kind, bucket, visitor)
      select ${ada.id}, 'sales', date_trunc('day',
        now() - make_interval(days => (n % 8) % 3 + 1)) + make_interval(hours => n), decode(md5('ada' || (n % 8)),
        'hex') from generate_series(0, 8) n
      union all select ${ada.id}, 'sales', now() - interval '40 days', decode(md5('ada-old'), 'hex')
      union all select ${bob.id}, 'sales', date_trunc('hour', now() - interval '1 day'), decode(md5('bob' || n), 'hex') from generate_series(1, 50) n`);
    await rebuildReadModels(server.db);

    // The orders list's own rows, counted by the rule: paid or refunded, net of refunds, in the store's currency.
    const list = await ordersList(ada.id);
    const sales = list.filter((order) => order.status === "paid" || order.status === "refunded");
    const revenue = sales
      .filter((order) => order.currency === "USD")
      .reduce((sum, order) => sum + order.amountCents - order.refundedCents, 0);
    const customers = new Set(sales.map((order) => order.customerEmail.toLowerCase())).size;
    expect([sales.length, revenue, customers]).toEqual([5, 4000, 4]);

    const dashboard = await html("/dashboard", ada);
    expect(figure(dashboard, "Total Sales")).toBe(formatStat(revenue, "USD"));
    expect(figure(dashboard, "Orders")).toBe(String(sales.length));
    expect(figure(dashboard, "Customers")).toBe(String(customers));
    expect(figure(dashboard, "Products")).toBe("2");
    // Orders by paid_at: 4 in the last 30 days against 1 before.
    expect(dashboard).toMatch(/\+300%<\/span> in the last 30 days/);

    const landing = await html("/", ada);
    expect(landing).not.toContain("Sample data");
    expect(figure(landing, "Total Revenue")).toBe(formatMoney(revenue, "USD"));
    expect(figure(landing, "Total Sales")).toBe(String(sales.length));
    // 4 sales in the last 30 days from 8 unique visitors.
    expect(figure(landing, "Conversion Rate")).toBe("50.0%");
    expect(landing).toContain("4 orders from 8 unique visitors in the last 30 days");

    // Product cards: sales and revenue by the same rule; Edit to the product form; View Page to the sales page,
    // or why a draft has none.
    expect(landing).toMatch(
      /Field Guide<\/h3><dl[^>]*><div><dt[^>]*>Sales<\/dt><dd[^>]*>3<\/dd><\/div><div><dt[^>]*>Revenue<\/dt><dd[^>]*>\$20\.00<\/dd>/,
    );
    expect(landing).toMatch(
      /Draft Notes<\/h3><dl[^>]*><div><dt[^>]*>Sales<\/dt><dd[^>]*>2<\/dd><\/div><div><dt[^>]*>Revenue<\/dt><dd[^>]*>\$20\.00<\/dd>/,
    );
    expect(landing).toContain(`href="/tools/products/${fieldGuide}"`);
    expect(landing).toContain(`href="/tools/products/${draftNotes}"`);
    expect(landing).toContain('href="/s/ada-atelier/field-guide"');
    expect(landing).not.toContain('href="/s/ada-atelier/draft-notes"');
    expect(landing).toContain("Draft: publish it to give it a public page.");
    expect(landing).toContain('href="/tools/products/new"');

    // Recent transactions, newest sale first, each linking to its order; the refund shown as a refund.
    const transactions = [...landing.matchAll(/href="\/orders\/([0-9a-f-]{36})"/g)].map((match) => match[1]);
    expect(transactions).toEqual([orderIds.late, orderIds.partial, orderIds.refunded, orderIds.euro, orderIds.old]);
    for (const amount of ["+$10.00", "+$10.00 ($2.50 refunded)", "Refunded ($7.00)", "+€9.00", "+$20.00"])
      expect(landing).toContain(amount);
    expect(landing).toMatch(/href="\/orders"[^>]*>View All Transactions</);

    // Customers: latest purchase first, one per email whatever its case, linking to their page and to /customers.
    const customerLinks = [...landing.matchAll(/href="\/customers\/([^"]+)"/g)].map((match) =>
      decodeURIComponent(match[1]!),
    );
    expect(customerLinks).toEqual(["ann@example.com", "bob@example.com", "eve@example.com", "fay@example.com"]);
    expect(landing).toMatch(/href="\/customers"[^>]*>View all 4 customers</);
    expect(landing).not.toContain("Customer data will appear here as you make sales");

    for (const foreign of ["zed@example.com", "Bob's Secret Product", "$999"]) expect(landing).not.toContain(foreign);
  });

  it("reads the session, the products, the sales and the customers in one statement (the unique visitors: the analytics read)", async () => {
    const before = server.roundTrips().length;
    await html("/", ada);
    const trips = server
      .roundTrips()
      .slice(before)
      .filter((trip) => trip.url === "/");
    expect(trips).toHaveLength(1);
    const statements = trips[0]!.statements;
    const ofOrders = statements.filter((text) => /\borders\b/.test(text));
    expect(ofOrders).toHaveLength(1);
    expect(ofOrders[0]).toMatch(/\bsession\b/);
    expect(ofOrders[0]).toMatch(/\bproducts\b/);
    expect(
      statements.filter((text) => text !== ofOrders[0] && !/analytics_view_buckets|analytics_visitor_days/.test(text)),
    ).toEqual([]);
  });

  it("keeps the spec's empty text and the sample 'View Demo Data' for a creator with a product but no sale yet", async () => {
    const cy = await createSignedInCreator(server, { firstName: "Cy", storeName: "Cy's Corner" });
    await server.db.execute(
      sql`insert into products (user_id, name, price_cents, currency) values (${cy.id}, 'First Try', 500, 'USD')`,
    );
    const page = await html("/", cy);
    expect(page).not.toContain("Everything here is sample data");
    expect(page).toContain("First Try");
    expect(figure(page, "Total Sales")).toBe("0");
    expect(page).toContain("No sales yet.");
    expect(page).toContain("Customer data will appear here as you make sales");
    expect(page).toContain("View Demo Data");
    expect(page).toContain("Sample customers (demo data)");
  });
});

describe("live order changes (/api/orders/changes)", () => {
  it("is for signed-in sellers only, and read-only", async () => {
    const response = await server.request("/api/orders/changes", { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(401);
    const posted = await server.request("/api/orders/changes", {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
      headers: { cookie: ada.jar.header() },
    });
    expect(posted.status).toBe(405);
    expect(await posted.text()).toBe("Method Not Allowed");
  });

  it("tells a seller's open streams when their order is paid or refunded, and no one else's", async () => {
    const mine = await openSse(server, ada, "/api/orders/changes");
    const theirs = await openSse(server, bob, "/api/orders/changes");
    try {
      await mine.next((message) => message.event === "ready");
      await theirs.next((message) => message.event === "ready");
      const services = makeTestServices(server);

      const order = await insertOrder(ada.id, {
        product: fieldGuide,
        email: "new@example.com",
        status: "pending",
        amount: 3000,
        created: daysAgo(0),
      });
      expect(await transitionOrder(services, order, { to: "paid", cause: "test" })).not.toBeNull();
      const paid = await mine.next((message) => message.event === "order-changed", 5_000);
      expect(JSON.parse(paid.data)).toEqual({ id: order });

      expect(await recordRefund(services, order, 500, "test")).toEqual({ id: order, partial: true });
      await mine.next(
        (message) =>
          message.event === "order-changed" && mine.messages.filter((m) => m.event === "order-changed").length === 2,
        5_000,
      );

      // What the stream announced is what a re-read shows: one more sale, 25.00 more revenue.
      const landing = await html("/", ada);
      expect(figure(landing, "Total Sales")).toBe("6");
      expect(figure(landing, "Total Revenue")).toBe("$65.00");

      // An expiry changes no figure and is not announced; Bob heard nothing of Ada's orders.
      const expiring = await insertOrder(ada.id, { email: "late@example.com", status: "pending", created: daysAgo(0) });
      await transitionOrder(services, expiring, { to: "expired", cause: "expiry" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mine.messages.filter((m) => m.event === "order-changed")).toHaveLength(2);
      expect(theirs.messages.filter((m) => m.event === "order-changed")).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("reaches a stream opened on another instance of the app", async () => {
    const second = await startTestServer(
      { SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" },
      { databaseUrl: server.databaseUrl },
    );
    try {
      const stream = await openSse(second, ada, "/api/orders/changes");
      try {
        await stream.next((message) => message.event === "ready", 5_000);
        const order = await insertOrder(ada.id, { email: "far@example.com", status: "pending", created: daysAgo(0) });
        await transitionOrder(makeTestServices(server), order, {
          to: "paid",
          cause: "test",
        });
        const changed = await stream.next((message) => message.event === "order-changed", 5_000);
        expect(JSON.parse(changed.data)).toEqual({ id: order });
      } finally {
        stream.close();
      }
    } finally {
      await second.stop();
    }
  });
});
