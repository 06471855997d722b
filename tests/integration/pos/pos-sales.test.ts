import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { posSaleSchema, type PosSaleInput } from "~/flows/pos/schemas/pos-sale";
import { closeShift } from "~/flows/pos/server/close-shift.server";
import { openShift } from "~/flows/pos/server/open-shift.server";
import { priceToken } from "~/flows/pos/server/price-token.server";
import { recordDrawerMovement } from "~/flows/pos/server/record-drawer-movement.server";
import { refundPosSale } from "~/flows/pos/server/refund-pos-sale.server";
import { recordPosSale } from "~/flows/pos/server/record-pos-sale.server";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import type { TestProvider } from "~/domains/payments/server/test-provider.server";
import { cancelPosPayment } from "~/flows/pos/server/cancel-pos-payment.server";
import { posPaymentQuery } from "~/flows/pos/server/pos-payment-query.server";
import { presentPosCard } from "~/flows/pos/server/present-pos-card.server";
import { createTestDatabase } from "../../support/test-database";
import { makePosServices, makePosSeller, type PosSeller } from "../../support/pos-seller";
import type { TestServices } from "../../support/test-services";

// Counter sales against a real PostgreSQL: recorded once per device id (replays, races, other sellers), priced on the
// server or by a price the server signed, cash with change into the shift's drawer, stock sold at the register's
// location (below zero when the device sold more than we knew), and a Z-report whose cash matches.

const SECRET = "pos-test-secret-pos-test-secret-0123456789";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;
let provider: TestProvider;
/** Every signed delivery the test provider made, to deliver again. */
const deliveries: { body: Buffer; headers: Record<string, string> }[] = [];

type Seller = PosSeller;

const makeSeller = (): Promise<Seller> => makePosSeller(db);

async function shiftOf(seller: Seller, floatCents = 10_000): Promise<string> {
  const opened = await openShift(db, seller.id, { registerId: seller.register, openingFloatCents: floatCents });
  if (!opened.ok) throw new Error(opened.code);
  return opened.shiftId;
}

function cashSale(seller: Seller, shiftId: string, overrides: Partial<PosSaleInput> = {}) {
  return posSaleSchema.parse({
    deviceSaleId: randomUUID(),
    shiftId,
    soldAt: new Date().toISOString(),
    lines: [{ productId: seller.mug.product, variantId: seller.mug.variant, quantity: 2, unitPriceCents: 1250 }],
    payments: [{ method: "cash", amountCents: 2500, tenderedCents: 3000 }],
    ...overrides,
  });
}

async function stock(seller: Seller): Promise<number> {
  const result = await db.execute<{ on_hand: number }>(sql`
    select on_hand from stock_levels where variant_id = ${seller.mug.variant} and location_id = ${seller.shop}`);
  return result.rows[0]?.on_hand ?? 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ services, provider } = makePosServices(db, SECRET, {
    onWebhook: (body, headers) => deliveries.push({ body, headers }),
  }));
});
afterAll(() => database?.drop());

describe("counter sales", () => {
  it("records a cash sale with change once, however often and however concurrently the device sends it", async () => {
    const seller = await makeSeller();
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const shiftId = await shiftOf(seller);
    const sale = cashSale(seller, shiftId);
    const answers = await Promise.all([1, 2, 3, 4].map(() => recordPosSale(services, seller.id, sale)));
    const first = answers[0];
    expect(first).toMatchObject({ ok: true, totalCents: 2500, changeCents: 500 });
    for (const answer of answers) expect(answer).toMatchObject({ ok: true, orderId: first?.ok ? first.orderId : "" });
    expect(await recordPosSale(services, seller.id, sale)).toMatchObject({ ok: true, duplicate: true });
    const orders = await db.execute(sql`select status, channel, amount_cents from orders where user_id = ${seller.id}`);
    expect(orders.rows).toEqual([{ status: "paid", channel: "pos", amount_cents: 2500 }]);
    expect(await stock(seller)).toBe(3);
  });

  it("refuses another seller's shift, a replay of another seller's sale, a changed price online and short cash", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const shiftId = await shiftOf(seller);
    const otherShift = await shiftOf(other);
    expect(await recordPosSale(services, other.id, cashSale(seller, shiftId))).toMatchObject({
      code: "POS_SHIFT_NOT_FOUND",
    });
    const sale = cashSale(seller, shiftId);
    await recordPosSale(services, seller.id, sale);
    expect(await recordPosSale(services, other.id, { ...sale, shiftId: otherShift })).toMatchObject({
      code: "POS_SALE_CONFLICT",
    });
    const cheap = cashSale(seller, shiftId, {
      lines: [{ productId: seller.mug.product, variantId: seller.mug.variant, quantity: 1, unitPriceCents: 1 }],
      payments: [{ method: "cash", amountCents: 1, tenderedCents: 1 }],
    });
    expect(await recordPosSale(services, seller.id, cheap)).toMatchObject({ code: "POS_PRICE_CHANGED" });
    // A forged signature does not make a price allowed, offline or not.
    expect(
      await recordPosSale(services, seller.id, {
        ...cheap,
        offline: true,
        lines: cheap.lines.map((l) => ({ ...l, priceToken: `${Date.now()}.forged` })),
      }),
    ).toMatchObject({ code: "POS_PRICE_CHANGED" });
    expect(
      await recordPosSale(
        services,
        seller.id,
        cashSale(seller, shiftId, { payments: [{ method: "cash", amountCents: 2500, tenderedCents: 2000 }] }),
      ),
    ).toMatchObject({ code: "POS_CASH_TOO_LOW" });
    expect(
      await recordPosSale(
        services,
        seller.id,
        cashSale(seller, shiftId, { payments: [{ method: "cash", amountCents: 2400, tenderedCents: 3000 }] }),
      ),
    ).toMatchObject({ code: "POS_PAYMENTS_MISMATCH" });
    expect(
      await recordPosSale(
        services,
        seller.id,
        cashSale(seller, shiftId, { offline: true, payments: [{ method: "card", amountCents: 2500 }] }),
      ),
    ).toMatchObject({ code: "POS_METHOD_NEEDS_CONNECTION" });
  });

  it("keeps offline sales at the price the device was given, after a price change and after the shift closed", async () => {
    const seller = await makeSeller();
    const shiftId = await shiftOf(seller);
    const token = priceToken(SECRET, seller.id, seller.mug.variant, 1250);
    await db.execute(sql`update products set price_cents = 1500 where id = ${seller.mug.product}`);
    // Made on the device while the shift was open, sent after the close.
    const offline = cashSale(seller, shiftId, {
      offline: true,
      lines: [
        {
          productId: seller.mug.product,
          variantId: seller.mug.variant,
          quantity: 2,
          unitPriceCents: 1250,
          priceToken: token,
        },
      ],
    });
    await closeShift(db, seller.id, { shiftId, countedCashCents: 10_000 });
    const online = cashSale(seller, shiftId);
    expect(await recordPosSale(services, seller.id, online)).toMatchObject({ code: "POS_SHIFT_CLOSED" });
    expect(await recordPosSale(services, seller.id, offline)).toMatchObject({ ok: true, totalCents: 2500 });
    // Nothing was received: the device sold what we did not know of, and the sale is kept.
    expect(await stock(seller)).toBe(-2);
  });

  it("closes a shift of 20 offline cash sales with a Z-report whose cash is float + sales − change", async () => {
    const seller = await makeSeller();
    const shiftId = await shiftOf(seller, 5000);
    let cash = 0;
    for (let i = 0; i < 20; i += 1) {
      const quantity = (i % 3) + 1;
      const total = 1250 * quantity + 500;
      const sale = cashSale(seller, shiftId, {
        offline: true,
        lines: [
          { productId: seller.mug.product, variantId: seller.mug.variant, quantity, unitPriceCents: 1250 },
          { productId: seller.ebook, quantity: 1, unitPriceCents: 500 },
        ],
        payments: [{ method: "cash", amountCents: total, tenderedCents: Math.ceil(total / 2000) * 2000 }],
      });
      const answer = await recordPosSale(services, seller.id, sale);
      expect(answer.ok).toBe(true);
      cash += total;
    }
    expect(
      await recordDrawerMovement(db, seller.id, { shiftId, kind: "paid_out", amountCents: 300, reason: "Milk" }),
    ).toEqual({
      ok: true,
    });
    expect(
      await recordDrawerMovement(db, seller.id, { shiftId, kind: "paid_in", amountCents: 300, reason: " " }),
    ).toMatchObject({
      code: "POS_REASON_REQUIRED",
    });
    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 5000 + cash - 300 - 100 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({
      salesCount: 20,
      grossSalesCents: cash,
      cashOutCents: 300,
      expectedCashCents: 5000 + cash - 300,
      overShortCents: -100,
      byMethod: { cash: { sales: cash, count: 20, refunds: 0 } },
    });
    const mugs = closed.report.itemsSold.find((item) => item.name === "Mug");
    expect(mugs?.quantity).toBe(Array.from({ length: 20 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0));
    expect(await closeShift(db, seller.id, { shiftId, countedCashCents: 0 })).toMatchObject({
      code: "POS_SHIFT_CLOSED",
    });
  });
});

describe("card and pay-on-phone sales", () => {
  const cardSale = (seller: Seller, shiftId: string, method = "card") =>
    cashSale(seller, shiftId, { payments: [{ method, amountCents: 2500 }] });
  const drawer = async (shiftId: string) =>
    (await db.execute(sql`select kind, amount_cents from drawer_movements where shift_id = ${shiftId}`)).rows;
  const paymentRows = async (orderId: string) =>
    (await db.execute(sql`select method, status from order_payments where order_id = ${orderId}::uuid`)).rows;

  it("approves a card on the simulated reader through the webhook, once even when the webhook comes twice", async () => {
    const seller = await makeSeller();
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const shiftId = await shiftOf(seller);
    const started = await recordPosSale(services, seller.id, cardSale(seller, shiftId));
    if (!started.ok || !started.payment) throw new Error("no card payment");
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toMatchObject({ status: "pending" });
    expect(await paymentRows(started.orderId)).toEqual([{ method: "card", status: "pending" }]);
    expect(await stock(seller)).toBe(5);
    const before = deliveries.length;
    const approved = await presentPosCard(
      { db, reader: services.reader ?? null },
      seller.id,
      started.orderId,
      "4242 4242 4242 4242",
    );
    expect(approved).toMatchObject({ ok: true, payment: { status: "paid" } });
    const delivered = deliveries.slice(before).find((d) => d.body.toString().includes("payment.succeeded"));
    if (!delivered) throw new Error("no webhook");
    await receiveWebhook(services, "test", delivered.body, delivered.headers);
    const events = await db.execute(
      sql`select to_status from order_events where order_id = ${started.orderId}::uuid and to_status = 'paid'`,
    );
    expect(events.rows).toHaveLength(1);
    expect(await stock(seller)).toBe(3);
    expect(await paymentRows(started.orderId)).toEqual([{ method: "card", status: "approved" }]);
    expect(await drawer(shiftId)).toEqual([]);
    // The reader takes no second card for a paid sale.
    expect(
      await presentPosCard({ db, reader: services.reader ?? null }, seller.id, started.orderId, "4242424242424242"),
    ).toMatchObject({ code: "POS_PAYMENT_NOT_FOUND" });
  });

  it("keeps a declined card's sale unpaid with the provider's words, stock and drawer untouched", async () => {
    const seller = await makeSeller();
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const shiftId = await shiftOf(seller);
    const started = await recordPosSale(services, seller.id, cardSale(seller, shiftId));
    if (!started.ok) throw new Error(started.code);
    expect(
      await presentPosCard({ db, reader: services.reader ?? null }, seller.id, started.orderId, "4000 0000 0000 0002"),
    ).toMatchObject({ ok: true, payment: { status: "pending", message: "Your card was declined." } });
    expect(await stock(seller)).toBe(5);
    expect(await drawer(shiftId)).toEqual([]);
    expect(await cancelPosPayment(services, seller.id, started.orderId)).toEqual({ ok: true });
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toMatchObject({ status: "closed" });
    expect(await paymentRows(started.orderId)).toEqual([{ method: "card", status: "declined" }]);
    expect(await stock(seller)).toBe(5);
  });

  it("refuses a card sale on another seller's shift, and another seller's card or cancel", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const shiftId = await shiftOf(seller);
    expect(await recordPosSale(services, other.id, cardSale(seller, shiftId))).toMatchObject({
      code: "POS_SHIFT_NOT_FOUND",
    });
    const started = await recordPosSale(services, seller.id, cardSale(seller, shiftId));
    if (!started.ok) throw new Error(started.code);
    expect(
      await presentPosCard({ db, reader: services.reader ?? null }, other.id, started.orderId, "4242424242424242"),
    ).toMatchObject({ code: "POS_PAYMENT_NOT_FOUND" });
    expect(await cancelPosPayment(services, other.id, started.orderId)).toMatchObject({
      code: "POS_PAYMENT_NOT_FOUND",
    });
    expect(await posPaymentQuery(db, other.id, started.orderId)).toBeNull();
    expect(await recordPosSale({ ...services, reader: null }, seller.id, cardSale(seller, shiftId))).toMatchObject({
      code: "POS_CARD_UNAVAILABLE",
    });
  });

  it("takes a split sale's cash part into the drawer only once its card part is approved", async () => {
    const seller = await makeSeller();
    const shiftId = await shiftOf(seller, 0);
    const split = [
      { method: "cash", amountCents: 1000, tenderedCents: 1000 },
      { method: "card", amountCents: 1500 },
    ];
    const started = await recordPosSale(services, seller.id, cashSale(seller, shiftId, { payments: split }));
    if (!started.ok || !started.payment) throw new Error("no card part");
    expect(
      await presentPosCard({ db, reader: services.reader ?? null }, seller.id, started.orderId, "4242424242424242"),
    ).toMatchObject({ ok: true, payment: { status: "paid", totalCents: 2500 } });
    expect(await paymentRows(started.orderId)).toEqual(
      expect.arrayContaining([
        { method: "cash", status: "approved" },
        { method: "card", status: "approved" },
      ]),
    );
    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 1000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({
      expectedCashCents: 1000,
      byMethod: { cash: { sales: 1000 }, card: { sales: 1500 } },
    });
  });

  it("completes a pay-on-phone sale once when the buyer pays its link on the online checkout", async () => {
    const seller = await makeSeller();
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const shiftId = await shiftOf(seller);
    const started = await recordPosSale(services, seller.id, cardSale(seller, shiftId, "pay_on_phone"));
    if (!started.ok || !started.payment) throw new Error("no payment");
    expect(started.payment.payUrl).toBe(`http://localhost/checkout/test/${started.payment.sessionId}`);
    // The buyer's phone pays on the TEST MODE page, twice in two tabs.
    await Promise.all([
      provider.submitCard(started.payment.sessionId, "4242 4242 4242 4242"),
      provider.submitCard(started.payment.sessionId, "4242 4242 4242 4242"),
    ]);
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toMatchObject({ status: "paid", totalCents: 2500 });
    expect(await stock(seller)).toBe(3);
    expect(await paymentRows(started.orderId)).toEqual([{ method: "pay_on_phone", status: "approved" }]);
    // A cancelled pay-on-phone sale's link pays nothing any more.
    const cancelled = await recordPosSale(services, seller.id, cardSale(seller, shiftId, "pay_on_phone"));
    if (!cancelled.ok || !cancelled.payment) throw new Error("no payment");
    expect(await cancelPosPayment(services, seller.id, cancelled.orderId)).toEqual({ ok: true });
    expect(await provider.submitCard(cancelled.payment.sessionId, "4242 4242 4242 4242")).toMatchObject({
      outcome: "closed",
    });
    expect(await posPaymentQuery(db, seller.id, cancelled.orderId)).toMatchObject({ status: "closed" });
    expect(await stock(seller)).toBe(3);
    // The reader does not take a card for a pay-on-phone sale.
    expect(
      await presentPosCard({ db, reader: services.reader ?? null }, seller.id, started.orderId, "4242424242424242"),
    ).toMatchObject({ code: "POS_PAYMENT_NOT_FOUND" });
  });
});

describe("counter refunds", () => {
  const lineOf = async (orderId: string) =>
    (
      await db.execute<{ id: string }>(
        sql`select id from order_lines where order_id = ${orderId}::uuid and kind = 'physical'`,
      )
    ).rows[0]!.id;

  it("refunds cash out of the open shift's drawer, restocking at the sale's location or not", async () => {
    const seller = await makeSeller();
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const shiftId = await shiftOf(seller, 5000);
    const sold = await recordPosSale(services, seller.id, cashSale(seller, shiftId));
    if (!sold.ok) throw new Error(sold.code);
    expect(await stock(seller)).toBe(3);
    const lineId = await lineOf(sold.orderId);
    const request = { orderId: sold.orderId, shiftId, lines: [{ lineId, quantity: 1 }] };
    expect(await refundPosSale(services, seller.id, { ...request, restock: true }, {})).toMatchObject({
      ok: true,
      amountCents: 1250,
      full: false,
    });
    expect(await stock(seller)).toBe(4);
    expect(await refundPosSale(services, seller.id, { ...request, restock: false }, {})).toMatchObject({
      ok: true,
      amountCents: 1250,
      full: true,
    });
    expect(await stock(seller)).toBe(4);
    const moved = await db.execute(
      sql`select kind, amount_cents from drawer_movements where shift_id = ${shiftId} order by amount_cents`,
    );
    expect(moved.rows).toEqual([
      { kind: "refund", amount_cents: -1250 },
      { kind: "refund", amount_cents: -1250 },
      { kind: "sale", amount_cents: 2500 },
    ]);
    const order = await db.execute(sql`select status, refunded_cents from orders where id = ${sold.orderId}::uuid`);
    expect(order.rows).toEqual([{ status: "refunded", refunded_cents: 2500 }]);
    // Nothing is left: a third refund is refused and takes no cash.
    expect(await refundPosSale(services, seller.id, { ...request, restock: false }, {})).toMatchObject({
      ok: false,
    });
    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 5000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({ refundsCents: 2500, expectedCashCents: 5000 });
  });

  it("refunds a card sale through its provider with the drawer untouched, and refuses another seller", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const shiftId = await shiftOf(seller);
    const otherShift = await shiftOf(other);
    const started = await recordPosSale(
      services,
      seller.id,
      cashSale(seller, shiftId, { payments: [{ method: "card", amountCents: 2500 }] }),
    );
    if (!started.ok) throw new Error(started.code);
    await presentPosCard({ db, reader: services.reader ?? null }, seller.id, started.orderId, "4242424242424242");
    const request = { orderId: started.orderId, lines: [{ lineId: await lineOf(started.orderId), quantity: 2 }] };
    expect(
      await refundPosSale(services, other.id, { ...request, shiftId: otherShift, restock: true }, {}),
    ).toMatchObject({ code: "ORDER_NOT_FOUND" });
    expect(await refundPosSale(services, other.id, { ...request, shiftId, restock: true }, {})).toMatchObject({
      code: "POS_SHIFT_NOT_FOUND",
    });
    expect(await refundPosSale(services, seller.id, { ...request, shiftId, restock: true }, {})).toMatchObject({
      ok: true,
      amountCents: 2500,
      full: true,
    });
    expect((await db.execute(sql`select kind from drawer_movements where shift_id = ${shiftId}`)).rows).toEqual([]);
  });
});
