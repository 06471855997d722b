import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import type { PosSaleInput } from "~/flows/pos/schemas/pos-sale";
import { closeShift } from "~/flows/pos/server/close-shift.server";
import { presentPosCard } from "~/flows/pos/server/present-pos-card.server";
import { recordPosSale } from "~/flows/pos/server/record-pos-sale.server";
import { refundPosSale } from "~/flows/pos/server/refund-pos-sale.server";
import { makePosServices, makePosSeller, openPosShift, type PosSeller, posCashSale } from "../../support/pos-seller";
import { createTestDatabase } from "../../support/test-database";
import type { TestServices } from "../../support/test-services";

// Returns at the counter go back by the tenders the sale was paid with: cash from the drawer, a card through its
// provider, another method outside Sellkit; a split sale's card share first, then other, then cash. The Z-report shows
// each method's refunds and expects only the cash that left the drawer.

const SECRET = "pos-tender-secret-pos-tender-secret-0123456";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ services } = makePosServices(db, SECRET));
});
afterAll(() => database?.drop());

async function mugLine(orderId: string) {
  const found = await db.execute<{ id: string }>(sql`
    select id from order_lines where order_id = ${orderId}::uuid and kind = 'physical'`);
  return found.rows[0]!.id;
}

async function refundMugs(seller: PosSeller, shiftId: string, orderId: string, quantity: number) {
  return refundPosSale(
    services,
    seller.id,
    { orderId, shiftId, lines: [{ lineId: await mugLine(orderId), quantity }], restock: true },
    {},
  );
}

async function drawerRefunds(shiftId: string) {
  const found = await db.execute<{ amount_cents: number }>(sql`
    select amount_cents from drawer_movements where shift_id = ${shiftId} and kind = 'refund' order by created_at`);
  return found.rows.map((row) => row.amount_cents);
}

/** What the card provider gave back of the order's card payment. */
async function cardRefunded(orderId: string) {
  const found = await db.execute<{ refunded_cents: number }>(sql`
    select refunded_cents from test_provider_checkouts where reference = ${orderId}`);
  return Number(found.rows[0]?.refunded_cents);
}

async function orderState(orderId: string) {
  const found = await db.execute<{ status: string; refunded_cents: number }>(sql`
    select status, refunded_cents from orders where id = ${orderId}::uuid`);
  return found.rows[0];
}

/** Two Mugs (25.00) sold with `payments`; a card part is approved on the simulated reader. */
async function sell(seller: PosSeller, shiftId: string, payments: PosSaleInput["payments"]) {
  const sold = await recordPosSale(services, seller.id, posCashSale(seller, shiftId, { payments }));
  if (!sold.ok) throw new Error(sold.code);
  if (sold.payment) {
    const paid = await presentPosCard(
      { db, reader: services.reader ?? null },
      seller.id,
      sold.orderId,
      "4242424242424242",
    );
    expect(paid).toMatchObject({ ok: true, payment: { status: "paid" } });
  }
  expect(await orderState(sold.orderId)).toMatchObject({ status: "paid" });
  return sold.orderId;
}

const SPLIT = [
  { method: "cash", amountCents: 1000, tenderedCents: 1000 },
  { method: "card", amountCents: 1500 },
];

describe("a return goes back by the tender the sale came in", () => {
  it("returns a sale paid another way without taking cash from the drawer, and reports it under that method", async () => {
    const seller = await makePosSeller(db);
    const shiftId = await openPosShift(db, seller, 5000);
    const orderId = await sell(seller, shiftId, [{ method: "other", amountCents: 2500, reference: "Wallet 7" }]);
    expect(await refundMugs(seller, shiftId, orderId, 2)).toMatchObject({ ok: true, amountCents: 2500, full: true });
    expect(await drawerRefunds(shiftId)).toEqual([]);
    expect(await orderState(orderId)).toEqual({ status: "refunded", refunded_cents: 2500 });

    // Part cash, part another way: the other share goes back first, the drawer pays only the cash share.
    const mixed = await sell(seller, shiftId, [
      { method: "cash", amountCents: 1000, tenderedCents: 2000 },
      { method: "other", amountCents: 1500, reference: "Wallet 8" },
    ]);
    expect(await refundMugs(seller, shiftId, mixed, 1)).toMatchObject({ ok: true, amountCents: 1250 });
    expect(await drawerRefunds(shiftId)).toEqual([]);
    expect(await refundMugs(seller, shiftId, mixed, 1)).toMatchObject({ ok: true, amountCents: 1250, full: true });
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);

    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 5000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({
      refundsCents: 5000,
      expectedCashCents: 5000,
      overShortCents: 0,
      byMethod: {
        cash: { sales: 1000, refunds: 1000, count: 1 },
        other: { sales: 4000, refunds: 4000, count: 2 },
      },
    });
  });
});

describe("returning a split cash and card sale", () => {
  it("returns it whole: the cash share from the drawer, the card share through the card provider", async () => {
    const seller = await makePosSeller(db);
    const shiftId = await openPosShift(db, seller, 5000);
    const orderId = await sell(seller, shiftId, SPLIT);
    expect(await refundMugs(seller, shiftId, orderId, 2)).toMatchObject({ ok: true, amountCents: 2500, full: true });
    expect(await cardRefunded(orderId)).toBe(1500);
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);
    expect(await orderState(orderId)).toEqual({ status: "refunded", refunded_cents: 2500 });
    const refunds = await db.execute(sql`
      select amount_cents, status, tenders from refunds where order_id = ${orderId}::uuid order by amount_cents`);
    expect(refunds.rows).toEqual([
      { amount_cents: 1000, status: "succeeded", tenders: { cash: 1000 } },
      { amount_cents: 1500, status: "succeeded", tenders: { card: 1500 } },
    ]);
    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 5000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({
      expectedCashCents: 5000,
      byMethod: { cash: { sales: 1000, refunds: 1000 }, card: { sales: 1500, refunds: 1500 } },
    });
  });

  it("returns part on the card first, then the rest: what is left of the card, and the cash from the drawer", async () => {
    const seller = await makePosSeller(db);
    const shiftId = await openPosShift(db, seller, 5000);
    const orderId = await sell(seller, shiftId, SPLIT);
    expect(await refundMugs(seller, shiftId, orderId, 1)).toMatchObject({ ok: true, amountCents: 1250, full: false });
    expect(await cardRefunded(orderId)).toBe(1250);
    expect(await drawerRefunds(shiftId)).toEqual([]);
    expect(await refundMugs(seller, shiftId, orderId, 1)).toMatchObject({ ok: true, amountCents: 1250, full: true });
    expect(await cardRefunded(orderId)).toBe(1500);
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);
    expect(await orderState(orderId)).toEqual({ status: "refunded", refunded_cents: 2500 });
    expect(await refundMugs(seller, shiftId, orderId, 1)).toMatchObject({ ok: false });
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);
  });

  it("gives no cash back when the provider refuses the card share, and the whole return stays possible", async () => {
    const seller = await makePosSeller(db);
    const shiftId = await openPosShift(db, seller, 5000);
    const orderId = await sell(seller, shiftId, SPLIT);
    // Refunded at the provider behind the app's back: the card share cannot be given back again.
    await db.execute(
      sql`update test_provider_checkouts set refunded_cents = amount_cents where reference = ${orderId}`,
    );
    expect(await refundMugs(seller, shiftId, orderId, 2)).toMatchObject({ ok: false, code: "REFUND_PROVIDER_FAILED" });
    expect(await drawerRefunds(shiftId)).toEqual([]);
    expect(await orderState(orderId)).toEqual({ status: "paid", refunded_cents: 0 });
    await db.execute(sql`update test_provider_checkouts set refunded_cents = 0 where reference = ${orderId}`);
    expect(await refundMugs(seller, shiftId, orderId, 2)).toMatchObject({ ok: true, amountCents: 2500, full: true });
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);
  });

  it("refunds the card share from the orders page, and sends the cash share to a register", async () => {
    const seller = await makePosSeller(db);
    const shiftId = await openPosShift(db, seller, 5000);
    const orderId = await sell(seller, shiftId, SPLIT);
    expect(await refundOrder(services, seller.id, orderId, 1500, {})).toMatchObject({ ok: true });
    expect(await cardRefunded(orderId)).toBe(1500);
    expect(await refundOrder(services, seller.id, orderId, 1000, {})).toMatchObject({
      ok: false,
      code: "REFUND_AT_REGISTER",
    });
    expect(await refundMugs(seller, shiftId, orderId, 2)).toMatchObject({ ok: true, amountCents: 1000, full: true });
    expect(await drawerRefunds(shiftId)).toEqual([-1000]);
  });
});
