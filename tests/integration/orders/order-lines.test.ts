import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import { analyticsQuery } from "~/domains/analytics/server/analytics-query.server";
import { sellerCustomerQuery } from "~/domains/customers/server/customers-query.server";
import { exportOrdersCsv } from "~/domains/customers/server/export-csv.server";
import { landingPageQuery } from "~/pages/dashboards/server/landing-page-query.server";
import { authorizeDownload } from "~/domains/delivery/server/authorize-download.server";
import { signDownload } from "~/domains/delivery/server/download-signature.server";
import { readPurchase } from "~/domains/delivery/server/read-purchase.server";
import { issueAccessToken } from "~/domains/delivery/server/issue-access-token.server";
import { mailLostLinks } from "~/domains/delivery/server/mail-lost-links.server";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import { sellerOrderQuery, sellerOrdersQuery } from "~/domains/orders/server/seller-orders-query.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import type { PaymentProvider, RefundRequest, RefundResult } from "~/domains/payments/server/payment-provider.server";
import { insertOrder } from "../../support/order-rows";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// An order of three lines — two digital products and two units of a physical mug — read by every reader of orders
// (receipt, purchases page, downloads, lists, customer, landing, analytics, CSV, lost links), and refunded by lines
// with and without restocking against a real PostgreSQL and a stand-in payment provider.

const AUTH_SECRET = "s".repeat(32);
const META = { ipAddress: "203.0.113.7", userAgent: "vitest" };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;

const requests: RefundRequest[] = [];
let nextAnswer: (request: RefundRequest) => RefundResult = (request) => ({
  refundId: `re_${request.idempotencyKey}`,
  status: "succeeded",
});
const notUsed = (method: string) => () => Promise.reject(new Error(`${method} is not used here`));
const provider: PaymentProvider = {
  id: "test",
  createCheckout: notUsed("createCheckout"),
  getStatus: notUsed("getStatus"),
  verifyWebhook: notUsed("verifyWebhook"),
  async refund(request) {
    requests.push(request);
    return nextAnswer(request);
  },
};

type Store = {
  id: string;
  guide: string;
  poster: string;
  other: string;
  mug: string;
  mugVariant: string;
  online: string;
  files: { guide: string; poster: string; other: string };
};
let store: Store;

async function makeStore(): Promise<Store> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Ada', ${`${id}@example.com`}, true)`,
  );
  await db.execute(
    sql`insert into sales_methods (user_id, method, settings) values (${id}, 'online_store', ${JSON.stringify({ storeName: "Ada's Shop", currency: "USD" })}::jsonb)`,
  );
  const product = async (name: string, type: string, price: number) =>
    (
      await db.execute<{ id: string }>(sql`
        insert into products (user_id, name, slug, type, price_cents, currency, status)
        values (${id}, ${name}, ${`${name.toLowerCase().replace(/ /g, "-")}-${id.slice(0, 6)}`}, ${type}, ${price}, 'USD', 'published')
        returning id`)
    ).rows[0]!.id;
  const guide = await product("Field Guide", "ebook", 1000);
  const poster = await product("Poster Pack", "ebook", 500);
  const other = await product("Other Book", "ebook", 700);
  const mug = await product("Mug", "physical", 1200);
  const mugVariant = (
    await db.execute<{ id: string }>(sql`
      insert into product_variants (product_id, user_id, title, sku) values (${mug}, ${id}, 'Blue', ${`MUG-BLUE-${id.slice(0, 6)}`})
      returning id`)
  ).rows[0]!.id;
  const file = async (productId: string, name: string) =>
    (
      await db.execute<{ id: string }>(sql`
        insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
        values (${productId}, ${id}, ${randomUUID()}, ${name}, 'application/pdf', 10, ${"0".repeat(64)}, now()) returning id`)
    ).rows[0]!.id;
  const files = {
    guide: await file(guide, "guide.pdf"),
    poster: await file(poster, "poster.pdf"),
    other: await file(other, "other.pdf"),
  };
  const online = await ensureOnlineLocation(db, id);
  await recordStockMovements(db, id, id, [
    { variantId: mugVariant, locationId: online, kind: "received", quantity: 10 },
  ]);
  return { id, guide, poster, other, mug, mugVariant, online, files };
}

/** The order under test, paid through the state machine: $10 guide, $5 poster, 2 × $12 mug, 10% off, $5 shipping. */
async function placeOrder(
  buyer: string,
): Promise<{ id: string; guideLine: string; posterLine: string; mugLine: string }> {
  const placed = await insertOrder(db, {
    userId: store.id,
    storeName: "Ada's Shop",
    customerEmail: buyer,
    status: "pending",
    provider: "test",
    providerPaymentId: `pay_${randomUUID()}`,
    discountCode: "TEN",
    shippingCents: 500,
    locationId: store.online,
    lines: [
      { productId: store.guide, productName: "Field Guide", unitPriceCents: 1000, discountCents: 100 },
      { productId: store.poster, productName: "Poster Pack", unitPriceCents: 500, discountCents: 50 },
      {
        kind: "physical",
        productId: store.mug,
        variantId: store.mugVariant,
        productName: "Mug",
        variantTitle: "Blue",
        sku: "MUG-BLUE",
        unitPriceCents: 1200,
        quantity: 2,
        discountCents: 240,
      },
    ],
  });
  const moved = await transitionOrder(services, placed.id, {
    to: "paid",
    cause: "test",
  });
  expect(moved?.fulfilled).toBe(true);
  const [guideLine, posterLine, mugLine] = placed.lineIds as [string, string, string];
  return { id: placed.id, guideLine, posterLine, mugLine };
}

const linkFor = (orderId: string, fileId: string, email: string) => {
  const expires = Math.floor(Date.now() / 1000) + 600;
  return {
    orderId,
    fileId,
    expires: String(expires),
    sig: signDownload(AUTH_SECRET, { orderId, fileId, email, expires }),
  };
};

const outbox = async (to: string) =>
  (
    await db.execute<{ subject: string; text: string }>(
      sql`select subject, "text" from mail_outbox where "to" = ${to} order by created_at`,
    )
  ).rows;

const lineRows = async (orderId: string) =>
  (
    await db.execute<{ refunded_quantity: number; restocked_quantity: number }>(
      sql`select refunded_quantity, restocked_quantity from order_lines where order_id = ${orderId}::uuid order by position`,
    )
  ).rows;

const mugStock = async () =>
  (
    await db.execute<{ on_hand: number; ledger: number }>(sql`
      select l.on_hand, (select coalesce(sum(quantity), 0)::int from stock_movements m
        where m.variant_id = l.variant_id and m.location_id = l.location_id) as ledger
      from stock_levels l where l.variant_id = ${store.mugVariant} and l.location_id = ${store.online}`)
  ).rows[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  services = makeTestServices(db, { payments: { test: provider } });
  store = await makeStore();
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.drop();
});

describe("an order of three lines, read everywhere", () => {
  let order: Awaited<ReturnType<typeof placeOrder>>;
  const buyer = "lines-buyer@example.com";
  beforeAll(async () => {
    order = await placeOrder(buyer);
  });

  it("the receipt names the order by its lines and lists each with its units", async () => {
    const [receipt] = await outbox(buyer);
    expect(receipt?.subject).toBe("Your receipt from Ada's Shop: Field Guide + 2 more");
    expect(receipt?.text).toContain("1 × Field Guide: $10.00");
    expect(receipt?.text).toContain("1 × Poster Pack: $5.00");
    expect(receipt?.text).toContain("2 × Mug (Blue): $24.00");
    expect(receipt?.text).toContain("$40.10");
  });

  it("the purchases page lists the files of every digital line, and each may be downloaded; another product's not", async () => {
    const token = await issueAccessToken(db, order.id);
    const page = await readPurchase(db, { orderId: order.id, token });
    expect(page.kind).toBe("ok");
    if (page.kind !== "ok") return;
    expect(page.purchase.productName).toBe("Field Guide + 2 more");
    expect(page.purchase.files.map((file) => file.name)).toEqual(["guide.pdf", "poster.pdf"]);
    for (const fileId of [store.files.guide, store.files.poster]) {
      expect(await authorizeDownload(db, AUTH_SECRET, linkFor(order.id, fileId, buyer))).toMatchObject({ ok: true });
    }
    expect(await authorizeDownload(db, AUTH_SECRET, linkFor(order.id, store.files.other, buyer))).toMatchObject({
      ok: false,
      code: "DOWNLOAD_FILE_NOT_FOUND",
    });
  });

  it("the orders list, the order's page, the customer's page and the landing read its lines", async () => {
    const me = { userId: store.id };
    const list = await runPageQuery(db, me, sellerOrdersQuery(null, null));
    expect(list.orders.find((row) => row.id === order.id)?.productName).toBe("Field Guide + 2 more");
    const detail = await runPageQuery(db, me, sellerOrderQuery(order.id));
    expect(detail?.lines.map((line) => [line.productName, line.variantTitle, line.sku, line.quantity])).toEqual([
      ["Field Guide", "", null, 1],
      ["Poster Pack", "", null, 1],
      ["Mug", "Blue", "MUG-BLUE", 2],
    ]);
    expect(detail?.lines[2]).toMatchObject({ unitPriceCents: 1200, subtotalCents: 2400, discountCents: 240 });
    const customer = await runPageQuery(db, me, sellerCustomerQuery(buyer, null));
    expect(customer?.orderList[0]?.productName).toBe("Field Guide + 2 more");
    const landing = await runPageQuery(db, me, landingPageQuery);
    expect(landing?.recentSales.find((sale) => sale.id === order.id)?.productName).toBe("Field Guide + 2 more");
  });

  it("analytics counts one order, revenue by product adding up to what was paid, and the mug's two units", async () => {
    const report = await runPageQuery(
      db,
      { userId: store.id },
      analyticsQuery({ range: { preset: "7d" }, fallbackTimeZone: "UTC" }),
    );
    expect(report.current).toMatchObject({ orders: 1, units: 4, revenueCents: 4010 });
    const byName = Object.fromEntries(report.products.map((row) => [row.name, row]));
    expect(byName.Mug).toMatchObject({ orders: 1, units: 2 });
    expect(byName["Field Guide"]).toMatchObject({ orders: 1, units: 1 });
    expect(byName["Poster Pack"]).toMatchObject({ orders: 1, units: 1 });
    expect(report.products.reduce((sum, row) => sum + row.revenueCents, 0)).toBe(4010);
    // The products' cards count the order once each.
    const landing = await runPageQuery(db, { userId: store.id }, landingPageQuery);
    const sales = Object.fromEntries(landing!.products.map((product) => [product.name, product.sales]));
    expect(sales).toMatchObject({ Mug: 1, "Field Guide": 1, "Poster Pack": 1, "Other Book": 0 });
  });

  it("the orders CSV keeps one record per order, every line in its product column", async () => {
    let csv = "";
    await exportOrdersCsv(db, store.id, { status: null, timeZone: "UTC" }, async (chunk) => {
      csv += chunk.toString();
    });
    const record = csv.split("\r\n").find((line) => line.startsWith(order.id));
    expect(record).toContain(",paid,Field Guide; Poster Pack; Mug (Blue) × 2,lines-buyer@example.com,");
    expect(record).toContain(",40.10,");
  });

  it("the orders CSV honours the fulfilment filter as the list does", async () => {
    const exported = async (fulfilment: "unfulfilled" | "fulfilled" | null) => {
      let csv = "";
      await exportOrdersCsv(db, store.id, { status: null, fulfilment, timeZone: "UTC" }, async (chunk) => {
        csv += chunk.toString();
      });
      return csv;
    };
    const shipped = await insertOrder(db, {
      userId: store.id,
      status: "paid",
      fulfilmentStatus: "fulfilled",
      lines: [{ kind: "physical", productName: "Mug", unitPriceCents: 1200 }],
    });
    expect(await exported("unfulfilled")).toContain(order.id);
    expect(await exported("unfulfilled")).not.toContain(shipped.id);
    expect(await exported("fulfilled")).toContain(shipped.id);
    expect(await exported("fulfilled")).not.toContain(order.id);
    expect(await exported(null)).toContain(shipped.id);
    await db.execute(sql`delete from order_lines where order_id = ${shipped.id}::uuid`);
    await db.execute(sql`delete from orders where id = ${shipped.id}::uuid`);
  });

  it("the lost-links mail names the order by its lines", async () => {
    expect(
      await mailLostLinks(
        { db, mailer: services.mailer, env: services.env } as Parameters<typeof mailLostLinks>[0],
        buyer,
      ),
    ).toBe(1);
    const mails = await outbox(buyer);
    expect(mails.at(-1)?.text).toContain("Field Guide + 2 more");
  });
});

describe("refunds by lines", () => {
  it("a mug refunded and restocked: priced from its line, back at the order's location once, counted on the line", async () => {
    const order = await placeOrder("restock@example.com");
    const before = await mugStock();
    const refunded = await refundOrder(
      services,
      store.id,
      order.id,
      { lines: [{ lineId: order.mugLine, quantity: 1 }], restock: true },
      META,
    );
    // (2 × $12 − $2.40 discount) / 2 units.
    expect(refunded).toMatchObject({ ok: true, amountCents: 1080, full: false });
    expect(requests.at(-1)).toMatchObject({ amountCents: 1080 });
    expect(await mugStock()).toEqual({ on_hand: before.on_hand + 1, ledger: before.ledger + 1 });
    const movements = await db.execute<{ kind: string; quantity: number; idempotency_key: string }>(
      sql`select kind, quantity, idempotency_key from stock_movements where order_line_id = ${order.mugLine}::uuid and kind = 'returned'`,
    );
    expect(movements.rows).toEqual([
      { kind: "returned", quantity: 1, idempotency_key: `refund:${refunded.ok && refunded.refundId}:${order.mugLine}` },
    ]);
    expect((await lineRows(order.id))[2]).toEqual({ refunded_quantity: 1, restocked_quantity: 1 });
    const refund = await db.execute<{ lines: unknown }>(
      sql`select lines from refunds where order_id = ${order.id}::uuid`,
    );
    expect(refund.rows[0]?.lines).toEqual([{ lineId: order.mugLine, quantity: 1, restock: true }]);

    // The other mug without restocking: refunded, the stock unchanged.
    expect(
      await refundOrder(
        services,
        store.id,
        order.id,
        { lines: [{ lineId: order.mugLine, quantity: 1 }], restock: false },
        META,
      ),
    ).toMatchObject({ ok: true, amountCents: 1080 });
    expect(await mugStock()).toEqual({ on_hand: before.on_hand + 1, ledger: before.ledger + 1 });
    expect((await lineRows(order.id))[2]).toEqual({ refunded_quantity: 2, restocked_quantity: 1 });

    // Analytics: the mug's revenue is what is left of it, the order's revenue is what it kept.
    const report = await runPageQuery(
      db,
      { userId: store.id },
      analyticsQuery({ range: { preset: "7d" }, fallbackTimeZone: "UTC" }),
    );
    expect(report.current.revenueCents).toBe(2 * 4010 - 2160);
  });

  it("a digital line refunded ends access to its files only; restock has no effect on it", async () => {
    const buyer = "digital-refund@example.com";
    const order = await placeOrder(buyer);
    const before = await mugStock();
    expect(
      await refundOrder(
        services,
        store.id,
        order.id,
        { lines: [{ lineId: order.guideLine, quantity: 1 }], restock: true },
        META,
      ),
    ).toMatchObject({ ok: true, amountCents: 900 });
    expect(await mugStock()).toEqual(before);
    expect(await lineRows(order.id)).toEqual([
      { refunded_quantity: 1, restocked_quantity: 0 },
      { refunded_quantity: 0, restocked_quantity: 0 },
      { refunded_quantity: 0, restocked_quantity: 0 },
    ]);
    expect(await authorizeDownload(db, AUTH_SECRET, linkFor(order.id, store.files.guide, buyer))).toMatchObject({
      ok: false,
      code: "DOWNLOAD_FILE_NOT_FOUND",
    });
    expect(await authorizeDownload(db, AUTH_SECRET, linkFor(order.id, store.files.poster, buyer))).toMatchObject({
      ok: true,
    });
  });

  it("refuses more units than are left, a line of another order, and no units; nothing is recorded", async () => {
    const order = await placeOrder("refused@example.com");
    const other = await placeOrder("refused-other@example.com");
    for (const lines of [
      [{ lineId: order.mugLine, quantity: 3 }],
      [{ lineId: other.mugLine, quantity: 1 }],
      [{ lineId: order.mugLine, quantity: 0 }],
      [
        { lineId: order.mugLine, quantity: 1 },
        { lineId: order.mugLine, quantity: 1 },
      ],
    ]) {
      expect(await refundOrder(services, store.id, order.id, { lines, restock: true }, META)).toMatchObject({
        ok: false,
        code: "REFUND_LINES_INVALID",
      });
    }
    const refunds = await db.execute(sql`select 1 from refunds where order_id = ${order.id}::uuid`);
    expect(refunds.rows).toEqual([]);
  });

  it("a refund the provider refuses changes no line and no stock", async () => {
    const order = await placeOrder("refused-by-provider@example.com");
    const before = await mugStock();
    nextAnswer = () => ({ status: "failed", failure: { code: "declined", message: "Declined." } });
    try {
      expect(
        await refundOrder(
          services,
          store.id,
          order.id,
          { lines: [{ lineId: order.mugLine, quantity: 2 }], restock: true },
          META,
        ),
      ).toMatchObject({ ok: false, code: "REFUND_PROVIDER_FAILED" });
    } finally {
      nextAnswer = (request) => ({ refundId: `re_${request.idempotencyKey}`, status: "succeeded" });
    }
    expect(await mugStock()).toEqual(before);
    expect((await lineRows(order.id))[2]).toEqual({ refunded_quantity: 0, restocked_quantity: 0 });
  });

  it("a refund of the whole amount counts every unit of every line as refunded, none restocked", async () => {
    const order = await placeOrder("whole-amount@example.com");
    const before = await mugStock();
    expect(await refundOrder(services, store.id, order.id, 4010, META)).toMatchObject({ ok: true, full: true });
    expect(await lineRows(order.id)).toEqual([
      { refunded_quantity: 1, restocked_quantity: 0 },
      { refunded_quantity: 1, restocked_quantity: 0 },
      { refunded_quantity: 2, restocked_quantity: 0 },
    ]);
    expect(await mugStock()).toEqual(before);
  });

  it("every unit left refunds all that is left of the order, shipping included: the order ends refunded", async () => {
    const order = await placeOrder("whole@example.com");
    const before = await mugStock();
    const refunded = await refundOrder(
      services,
      store.id,
      order.id,
      {
        lines: [
          { lineId: order.guideLine, quantity: 1 },
          { lineId: order.posterLine, quantity: 1 },
          { lineId: order.mugLine, quantity: 2 },
        ],
        restock: true,
      },
      META,
    );
    expect(refunded).toMatchObject({ ok: true, amountCents: 4010, full: true });
    expect(await mugStock()).toEqual({ on_hand: before.on_hand + 2, ledger: before.ledger + 2 });
    const status = await db.execute<{ status: string }>(sql`select status from orders where id = ${order.id}::uuid`);
    expect(status.rows[0]?.status).toBe("refunded");
  });
});
