import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_BATCH_ROWS } from "~/domains/customers/server/export-csv.server";
import type { OrderStatus } from "~/domains/orders/order-status";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";
import { securityAudit } from "~/kernel/audit/tables.server";
import { insertOrder as insertOrderRow } from "../../support/order-rows";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Against the built app and a real PostgreSQL: the customers list (one row per email whatever its
// case, refunds netted, fully refunded orders counted but not spent, disputed and pending ones not at all), its
// search, sorts and keyset pages, a customer's page, and the CSV exports (RFC 4180 quoting, formula injection,
// the status filter, ISO dates and the local column, sign-in required, another seller's rows absent, the
// security event written).

let mail: MailCatcher;
let server: TestServer;
let seller: SignedInCreator;
let other: SignedInCreator;

type Order = {
  email: string;
  status?: string;
  amount?: number;
  refunded?: number;
  currency?: string;
  at: string;
  product?: string;
  code?: string | null;
};

async function insertOrder(userId: string, order: Order): Promise<string> {
  const id = randomUUID();
  await insertOrderRow(server.db, {
    id,
    userId,
    productName: order.product ?? "Field guide",
    customerEmail: order.email,
    status: (order.status ?? "paid") as OrderStatus,
    subtotalCents: order.amount ?? 1000,
    discountCents: 0,
    amountCents: order.amount ?? 1000,
    platformFeeCents: 80,
    refundedCents: order.refunded ?? 0,
    currency: order.currency ?? "USD",
    discountCode: order.code ?? null,
    provider: "test",
    createdAt: new Date(order.at),
    paidAt: new Date(order.at),
  });
  // Written directly, not through the state machine: keep the buyer's figures as it does.
  await refreshCustomerTotals(server.db, id);
  return id;
}

const get = (who: SignedInCreator | null, path: string, cookie = "") =>
  server.request(path, {
    headers: {
      cookie: [who?.jar.header() ?? "", cookie].filter(Boolean).join("; "),
      "x-forwarded-for": who?.ip ?? "203.0.113.9",
    },
  });

/** A signed-in page's HTML as the seller gets it. */
async function pageText(path: string): Promise<string> {
  const response = await get(seller, path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The customers a page links to, in order (not the CSV export's link). */
const customerLinks = (html: string) =>
  [...html.matchAll(/href="\/customers\/([^"?]+)"/g)]
    .map((match) => decodeURIComponent(match[1]!))
    .filter((email) => email !== "export.csv");

function parseCsv(text: string): string[][] {
  // RFC 4180: quoted fields may hold commas, CRLF and doubled quotes.
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

const exportEvents = (userId: string, eventType: string) =>
  server.db
    .select({ details: securityAudit.details, category: securityAudit.eventCategory })
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, userId), eq(securityAudit.eventType, eventType)));

let refundedOrder: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  seller = await createSignedInCreator(server, { firstName: "Ada" });
  other = await createSignedInCreator(server, { firstName: "Grace" });
  // Ann: three orders under two spellings of her email, one partly refunded (2.50 back) → 3 orders, 27.50 USD.
  await insertOrder(seller.id, { email: "Ann@Example.com", at: "2026-01-05T10:00:00Z" });
  await insertOrder(seller.id, { email: "ann@example.com", at: "2026-02-05T10:00:00Z", refunded: 250 });
  await insertOrder(seller.id, { email: "ANN@example.COM", at: "2026-03-05T10:00:00Z" });
  // Bob: one fully refunded order (a sale, 0 spent) and one disputed (no sale) → 1 order, spent 0; his pending checkout
  // is no order.
  refundedOrder = await insertOrder(seller.id, {
    email: "bob@example.com",
    status: "refunded",
    refunded: 1000,
    at: "2026-04-01T10:00:00Z",
  });
  await insertOrder(seller.id, { email: "bob@example.com", status: "disputed", at: "2026-04-02T10:00:00Z" });
  await insertOrder(seller.id, { email: "bob@example.com", status: "pending", at: "2026-05-01T10:00:00Z" });
  // Cat: one big order in euros and one in dollars.
  await insertOrder(seller.id, { email: "cat@example.com", amount: 9000, currency: "EUR", at: "2026-02-10T10:00:00Z" });
  await insertOrder(seller.id, { email: "cat@example.com", amount: 500, at: "2026-02-11T10:00:00Z" });
  // Only pending: never a customer.
  await insertOrder(seller.id, { email: "dan@example.com", status: "pending", at: "2026-06-01T10:00:00Z" });
  // A hostile buyer name and product: quoting and formula injection.
  await insertOrder(seller.id, {
    email: '=HYPERLINK("http://evil")@example.com',
    product: 'Guide, "deluxe"\r\nedition',
    code: "+SUM(A1)",
    at: "2026-01-01T00:30:00Z",
  });
  // The other seller sells to Ann too, and to Eve.
  await insertOrder(other.id, {
    email: "ann@example.com",
    amount: 7777,
    at: "2026-03-06T10:00:00Z",
    product: "Other's product",
  });
  await insertOrder(other.id, { email: "eve@example.com", at: "2026-03-06T10:00:00Z", product: "Other's product" });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("the customers page", () => {
  it("lists one row per email (any case), by last purchase, with orders and spent net of refunds, own data only", async () => {
    const html = await pageText("/customers");
    const emails = customerLinks(html);
    expect(emails).toEqual([
      "bob@example.com",
      "ann@example.com",
      "cat@example.com",
      '=hyperlink("http://evil")@example.com',
    ]);
    expect(html).not.toContain("eve@example.com");
    expect(html).not.toContain("dan@example.com");
    expect(html).toContain("$27.50");
    expect(html).toContain("€90.00 · $5.00");
    expect(html).not.toContain("$77.77");
  });

  it("sorts by total spent and by orders, and searches by part of the email", async () => {
    const order = async (path: string) => customerLinks(await pageText(path));
    expect(await order("/customers?sort=spent")).toEqual([
      "cat@example.com",
      "ann@example.com",
      '=hyperlink("http://evil")@example.com',
      "bob@example.com",
    ]);
    expect(await order("/customers?sort=orders")).toEqual([
      "ann@example.com",
      "cat@example.com",
      "bob@example.com",
      '=hyperlink("http://evil")@example.com',
    ]);
    expect(await order("/customers?q=ANN@")).toEqual(["ann@example.com"]);
    expect(await pageText("/customers?q=nobody")).toContain("No customer matches this email");
  });

  it("reads a search with control characters (NUL, tabs) as the text around them, and an unreadable cursor as the first page", async () => {
    // No database text can hold a NUL: a search box must not pass one to a query (CI's fuzz run found /orders?q=…%00…).
    const order = async (path: string) => customerLinks(await pageText(path));
    expect(await order("/customers?q=%00ann%00%40%09")).toEqual(["ann@example.com"]);
    expect(await pageText("/orders?q=ann%00")).toContain("ann@example.com");
    expect(await pageText("/tools/products?q=%00x%00")).toContain("<h1");
    expect((await get(seller, "/orders?q=%00&after=2026-01-01T00:00:00Z_x%00")).status).toBe(200);
    // Cursors that look right but name no instant, day or email PostgreSQL can read: the first page, not a 500.
    const uuid = randomUUID();
    for (const path of [
      `/orders?after=2026-02-30T00:00:00Z_${uuid}`,
      `/orders?after=2026-01-01T24:00:00Z_${uuid}`,
      `/customers?after=2026-02-30T10:00:00Z~ann%40example.com`,
      "/customers?sort=orders&after=1~ann%00%40example.com",
      `/customers/ann%40example.com?after=0000-01-01T00:00:00Z_${uuid}`,
      `/payouts?after=2026-02-30_${uuid}`,
    ])
      expect((await get(seller, path)).status, path).toBe(200);
    // A customer's address with a control character is nobody's: 404 with its message.
    for (const path of ["/customers/%00", "/customers/ann%0A%40example.com"]) {
      const response = await get(seller, path);
      expect(response.status, path).toBe(404);
      // Shown on the page (not only in the data the browser reads): the 404 says what was not found.
      const page = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
      expect(page).toContain("Oops! Page not found");
      expect(page).toContain("No customer with this email has bought from your store.");
    }
    // Another store: the seller's export events are counted below.
    const other = await createSignedInCreator(server, { firstName: "Nul" });
    expect((await get(other, "/customers/export.csv?q=%00cat")).status).toBe(200);
  });

  it("pages with a keyset cursor: 60 customers in three pages, none twice, none missed", async () => {
    const store = await createSignedInCreator(server, { firstName: "Pat" });
    for (let i = 0; i < 60; i++)
      await insertOrder(store.id, {
        email: `buyer${String(i).padStart(2, "0")}@example.com`,
        amount: 100 + (i % 7),
        at: "2026-03-01T10:00:00Z",
      });
    for (const sort of ["last", "spent", "orders"]) {
      const seen: string[] = [];
      let path: string | null = `/customers?sort=${sort}`;
      let pages = 0;
      while (path) {
        const response = await get(store, path);
        const html = await response.text();
        seen.push(...customerLinks(html));
        const next = /href="(\/customers\?[^"]*after=[^"]+)"[^>]*>Next customers/.exec(html)?.[1];
        path = next ? next.replaceAll("&amp;", "&") : null;
        pages++;
      }
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(60);
      expect(seen).toHaveLength(60);
    }
  });

  it("shows a customer's page with their orders (all statuses, linking to each order), and 404 for someone else's or no one", async () => {
    const html = await pageText(`/customers/${encodeURIComponent("BOB@example.com")}`);
    expect(html).toContain("bob@example.com");
    expect(html).toContain(`href="/orders/${refundedOrder}"`);
    expect([...html.matchAll(/href="\/orders\/[0-9a-f-]{36}"/g)]).toHaveLength(3);
    expect((await get(seller, `/customers/${encodeURIComponent("eve@example.com")}`)).status).toBe(404);
    expect((await get(seller, `/customers/${encodeURIComponent("dan@example.com")}`)).status).toBe(404);
  });

  it("is the seller's own: signed out, it sends to sign in", async () => {
    const response = await get(null, "/customers");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth?from=%2Fcustomers");
  });
});

describe("the CSV exports", () => {
  it("exports the seller's orders: quoted, formula-safe, ISO UTC and local dates, decimal amounts; a security event", async () => {
    const response = await get(seller, "/orders/export.csv", "sellkit.tz=Europe%2FPrague");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="sellkit-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await response.text());
    const [header, ...records] = rows;
    expect(header).toEqual([
      "order_id",
      "created_at_utc",
      "created_at_local (Europe/Prague)",
      "paid_at_utc",
      "status",
      "product",
      "buyer_email",
      "currency",
      "subtotal",
      "discount",
      "discount_code",
      "amount",
      "platform_fee",
      "refunded",
      "net",
    ]);
    expect(records).toHaveLength(10);
    expect(records.map((record) => record[6])).not.toContain("eve@example.com");
    const hostile = records.find((record) => record[6]!.includes("HYPERLINK"))!;
    expect(hostile[6]).toBe('\'=HYPERLINK("http://evil")@example.com');
    expect(hostile[5]).toBe('Guide, "deluxe"\r\nedition');
    expect(hostile[10]).toBe("'+SUM(A1)");
    expect(hostile.slice(1, 3)).toEqual(["2026-01-01T00:30:00Z", "2026-01-01T01:30:00"]);
    expect(header![2]).toBe("created_at_local (Europe/Prague)");
    const partly = records.find((record) => record[1] === "2026-02-05T10:00:00Z")!;
    expect(partly.slice(4)).toEqual([
      "partly_refunded",
      "Field guide",
      "ann@example.com",
      "USD",
      "10.00",
      "0.00",
      "",
      "10.00",
      "0.80",
      "2.50",
      "6.70",
    ]);
    // Newest first.
    expect(records[0]![1]).toBe("2026-06-01T10:00:00Z");
    const events = await exportEvents(seller.id, "orders_exported");
    expect(events).toHaveLength(1);
    expect(events[0]!.category).toBe("data");
  });

  it("writes the local column in the creator's time zone (their cookie), across a daylight-saving change", async () => {
    const rows = parseCsv(
      await (await get(seller, "/orders/export.csv?status=paid", "sellkit.tz=America%2FNew_York")).text(),
    );
    expect(rows[0]![2]).toBe("created_at_local (America/New_York)");
    // 2026-03-05 is before New York's change (8 March): UTC−5.
    expect(rows[1]!.slice(1, 3)).toEqual(["2026-03-05T10:00:00Z", "2026-03-05T05:00:00"]);
    const after = parseCsv(
      await (await get(seller, "/orders/export.csv?status=disputed", "sellkit.tz=America%2FNew_York")).text(),
    );
    // 2026-04-02 is after it: UTC−4.
    expect(after[1]!.slice(1, 3)).toEqual(["2026-04-02T10:00:00Z", "2026-04-02T06:00:00"]);
  });

  it("uses the zone saved in settings before the browser's, as the orders page does", async () => {
    await server.db.execute(sql`update profiles set time_zone = 'Asia/Tokyo' where user_id = ${seller.id}`);
    try {
      const orders = parseCsv(
        await (await get(seller, "/orders/export.csv?status=paid", "sellkit.tz=America%2FNew_York")).text(),
      );
      expect(orders[0]![2]).toBe("created_at_local (Asia/Tokyo)");
      expect(orders[1]!.slice(1, 3)).toEqual(["2026-03-05T10:00:00Z", "2026-03-05T19:00:00"]);
    } finally {
      await server.db.execute(sql`update profiles set time_zone = null where user_id = ${seller.id}`);
    }
  });

  it("honours /orders' status filter", async () => {
    const rows = parseCsv(await (await get(seller, "/orders/export.csv?status=refunded")).text());
    expect(rows.slice(1).map((record) => record[0])).toEqual([refundedOrder]);
    const paid = parseCsv(await (await get(seller, "/orders/export.csv?status=paid")).text()).slice(1);
    expect(paid.every((record) => record[4] === "paid")).toBe(true);
    expect(paid).toHaveLength(5);
  });

  it("exports the seller's customers, one record per currency, own data only; a security event", async () => {
    const response = await get(seller, "/customers/export.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="sellkit-customers-/);
    const [header, ...records] = parseCsv(await response.text());
    expect(header!.slice(0, 2)).toEqual(["email", "first_purchase_utc"]);
    expect(records.map((record) => [record[0], record[5], record[6], record[7]])).toEqual([
      ["bob@example.com", "1", "USD", "0.00"],
      ["ann@example.com", "3", "USD", "27.50"],
      ["cat@example.com", "2", "EUR", "90.00"],
      ["cat@example.com", "2", "USD", "5.00"],
      ['\'=hyperlink("http://evil")@example.com', "1", "USD", "10.00"],
    ]);
    expect(records[1]![1]).toBe("2026-01-05T10:00:00Z");
    expect(records[1]![3]).toBe("2026-03-05T10:00:00Z");
    const searched = parseCsv(await (await get(seller, "/customers/export.csv?q=cat")).text());
    expect(searched.slice(1).map((record) => record[0])).toEqual(["cat@example.com", "cat@example.com"]);
    const events = await exportEvents(seller.id, "customers_exported");
    expect(events).toHaveLength(2);
    expect(events.map((event) => event.category)).toEqual(["data", "data"]);
  });

  it("requires a signed-in seller: no CSV, a redirect to sign in, no export event", async () => {
    for (const path of ["/orders/export.csv", "/customers/export.csv"]) {
      const response = await get(null, path);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(path)}`);
      expect(await response.text()).toBe("");
    }
  });

  it("gives another seller only their own rows", async () => {
    const orders = parseCsv(await (await get(other, "/orders/export.csv")).text()).slice(1);
    expect(orders.map((record) => record[6]).sort()).toEqual(["ann@example.com", "eve@example.com"]);
    const customers = parseCsv(await (await get(other, "/customers/export.csv")).text()).slice(1);
    expect(customers.map((record) => [record[0], record[7]])).toEqual([
      ["eve@example.com", "10.00"],
      ["ann@example.com", "77.77"],
    ]);
  });

  it("streams a store bigger than one cursor batch: every order once, newest first", async () => {
    const store = await createSignedInCreator(server, { firstName: "Max" });
    const count = EXPORT_BATCH_ROWS * 2 + 37;
    await server.db.execute(sql`
      with placed as (
        insert into orders (user_id, customer_email, status, amount_cents, currency, created_at)
        select ${store.id}, 'bulk' || (i % 100) || '@example.com', 'paid', 100, 'USD',
          '2026-01-01T00:00:00Z'::timestamptz + make_interval(secs => i)
        from generate_series(1, ${count}::int) as i returning id
      )
      insert into order_lines (order_id, product_name, unit_price_cents, subtotal_cents) select id, 'Bulk', 100, 100 from placed`);
    // Written directly, not through the state machine: keep each buyer's figures as it does.
    const buyers = await server.db.execute<{ id: string }>(
      sql`select distinct on (customer_email) id from orders where user_id = ${store.id}`,
    );
    for (const { id } of buyers.rows) await refreshCustomerTotals(server.db, id);
    const records = parseCsv(await (await get(store, "/orders/export.csv")).text()).slice(1);
    expect(records).toHaveLength(count);
    expect(new Set(records.map((record) => record[0])).size).toBe(count);
    const times = records.map((record) => record[1]!);
    expect(times).toEqual([...times].sort().reverse());
    const customers = parseCsv(await (await get(store, "/customers/export.csv")).text()).slice(1);
    expect(customers).toHaveLength(100);
  });

  it("a download cut short ends its COPY and gives its connection back; the next export is whole", async () => {
    const store = await createSignedInCreator(server, { firstName: "Cut" });
    const count = 20_000; // megabytes of CSV: more than the sockets hold, so the server is mid-COPY when the client goes
    await server.db.execute(sql`
      with placed as (
        insert into orders (user_id, customer_email, status, amount_cents, currency, created_at)
        select ${store.id}, 'cut' || (i % 50) || '@example.com', 'paid', 100, 'USD',
          '2026-01-01T00:00:00Z'::timestamptz + make_interval(secs => i)
        from generate_series(1, ${count}::int) as i returning id
      )
      insert into order_lines (order_id, product_name, unit_price_cents, subtotal_cents) select id, 'Bulk', 100, 100 from placed`);
    const copies = async () =>
      Number(
        (
          await server.db.execute<{ n: string }>(
            sql`select count(*) as n from pg_stat_activity where query like 'copy (%' and pid <> pg_backend_pid()`,
          )
        ).rows[0]!.n,
      );
    // More cut downloads than the pool has connections: one kept would starve the last export.
    for (let attempt = 0; attempt < 12; attempt++) {
      const controller = new AbortController();
      const cut = await fetch(`${server.origin}/orders/export.csv`, {
        headers: { cookie: store.jar.header(), "x-forwarded-for": store.ip },
        signal: controller.signal,
      });
      const reader = cut.body!.getReader();
      await reader.read();
      controller.abort();
    }
    await expect.poll(copies, { timeout: 10_000 }).toBe(0);
    const records = parseCsv(await (await get(store, "/orders/export.csv")).text()).slice(1);
    expect(records).toHaveLength(count);
  });
});
