import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityAudit } from "~/kernel/audit/tables.server";
import { session } from "~/kernel/session/tables.server";
import { insertOrder } from "../../support/order-rows";
import { postForm } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";

// Every signed-in read reaches the database once per request. The session check, the 'last
// active' mark with its once-a-minute `authorized_access` event (and its NOTIFY), the root loader's header
// data, the workspace layout's navigation and the page's own data are one statement, for the document and for
// its client-navigation data.
// A query added to any of these paths makes this test fail.

const SIGNED_IN_PAGES = [
  "/dashboard",
  "/settings",
  "/security-settings",
  "/orders",
  "/customers",
  "/payouts",
  "/payments",
  "/analytics",
  "/tools/estore-builder",
  "/tools/products",
  "/tools/products/new",
  "/tools/products/discounts",
  "/tools/shipping",
  "/sales/online-store",
  "/sales/retail-store",
  "/sales/event-sales",
  "/sales/existing-website",
  "/sales/social-media",
];

let mail: MailCatcher;
let server: TestServer;
let creator: SignedInCreator;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" }, { countRoundTrips: true });
  creator = await createSignedInCreator(server, { firstName: "Ada", businessTypes: ["online_store", "events"] });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const sessionIdOf = async (userId: string) =>
  (await server.db.select({ id: session.id }).from(session).where(eq(session.userId, userId)))[0]!.id;

/** One GET as the creator's browser; the statements the server sent to the database for it. */
async function statementsOf(path: string) {
  const before = server.roundTrips().length;
  const response = await server.request(path, {
    headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip },
  });
  await response.arrayBuffer();
  // Anything the request still sends after its answer counts too.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const mine = server
    .roundTrips()
    .slice(before)
    .filter((entry) => entry.url === path);
  expect(mine).toHaveLength(1);
  return { status: response.status, statements: mine[0]!.statements };
}

async function accessEvents(userId: string) {
  return server.db
    .select({ id: securityAudit.id })
    .from(securityAudit)
    .where(and(eq(securityAudit.userId, userId), eq(securityAudit.eventType, "authorized_access")));
}

describe("one database round trip per signed-in read", () => {
  for (const page of SIGNED_IN_PAGES) {
    for (const path of [page, `${page}.data`]) {
      it(`${path}: one statement, with and without the minute's activity mark`, async () => {
        const sessionId = await sessionIdOf(creator.id);
        // The session's mark is due: this request writes it and the authorized_access event, in its one statement.
        await server.db.update(session).set({ lastActiveAt: null }).where(eq(session.id, sessionId));
        const eventsBefore = (await accessEvents(creator.id)).length;
        const due = await statementsOf(path);
        expect(due.status).toBe(200);
        expect(due.statements).toHaveLength(1);
        expect(await accessEvents(creator.id)).toHaveLength(eventsBefore + 1);
        const [{ lastActiveAt }] = (await server.db
          .select({ lastActiveAt: session.lastActiveAt })
          .from(session)
          .where(eq(session.id, sessionId))) as [{ lastActiveAt: Date | null }];
        expect(lastActiveAt).not.toBeNull();

        // Within the minute: nothing more is written, and still one statement.
        const fresh = await statementsOf(path);
        expect(fresh.status).toBe(200);
        expect(fresh.statements).toHaveLength(1);
        expect(await accessEvents(creator.id)).toHaveLength(eventsBefore + 1);
      });
    }
  }

  it("a product's editor: one statement for the product, its covers and files, the currency and handle", async () => {
    const created = await postForm(
      server,
      "/tools/products/new",
      { intent: "save", name: "Round trip guide", type: "ebook", pricing: "free" },
      { jar: creator.jar, ip: creator.ip },
    );
    expect(created.status).toBe(302);
    const path = created.headers.get("location")!;
    for (const url of [path, `${path}.data`]) {
      const read = await statementsOf(url);
      expect(read.status).toBe(200);
      expect(read.statements).toHaveLength(1);
    }
  });

  it("a customer's page: one statement for the customer's figures and their orders", async () => {
    const inserted = await insertOrder(server.db, {
      userId: creator.id,
      productName: "Round trip guide",
      customerEmail: "Round.Trip@example.com",
      status: "paid",
      amountCents: 1200,
      paidAt: new Date(),
    });
    // Written directly: the customers' figures are brought up to date as the order's move to paid would.
    await refreshCustomerTotals(server.db, inserted.id);
    const path = `/customers/${encodeURIComponent("round.trip@example.com")}`;
    for (const url of [path, `${path}.data`, "/customers?sort=spent&q=round", "/customers.data?sort=orders"]) {
      const read = await statementsOf(url);
      expect(read.status).toBe(200);
      expect(read.statements).toHaveLength(1);
    }
  });

  it("an order with goods, its packing slip and the fulfilment filter: one statement each", async () => {
    const inserted = await server.db.execute<{ id: string }>(sql`
      insert into orders (user_id, customer_email, status, amount_cents, currency, paid_at, fulfilment_status)
      values (${creator.id}, 'ships@example.com', 'paid', 1200, 'USD', now(), 'unfulfilled') returning id`);
    const id = inserted.rows[0]!.id;
    await server.db.execute(sql`
      insert into order_lines (order_id, kind, product_name, unit_price_cents, quantity, subtotal_cents)
      values (${id}, 'physical', 'Mug', 1200, 1, 1200)`);
    for (const url of [
      `/orders/${id}`,
      `/orders/${id}.data`,
      `/orders/${id}/packing-slip`,
      `/orders/${id}/packing-slip.data`,
      "/orders?fulfilment=unfulfilled",
    ]) {
      const read = await statementsOf(url);
      expect(read.status, url).toBe(200);
      expect(read.statements).toHaveLength(1);
    }
  });

  it("announces the folded authorized_access event on the live events channel", async () => {
    const sessionId = await sessionIdOf(creator.id);
    await server.db.update(session).set({ lastActiveAt: null }).where(eq(session.id, sessionId));
    const announced: string[] = [];
    const unsubscribe = await server.services.userEvents.subscribe(creator.id, (id) => announced.push(id));
    try {
      expect((await statementsOf("/dashboard.data")).statements).toHaveLength(1);
      const [latest] = (
        await server.db
          .select({ id: securityAudit.id, createdAt: securityAudit.createdAt })
          .from(securityAudit)
          .where(and(eq(securityAudit.userId, creator.id), eq(securityAudit.eventType, "authorized_access")))
      ).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      await expect.poll(() => announced, { timeout: 5_000 }).toContain(latest!.id);
    } finally {
      unsubscribe();
    }
  });
});
