import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { checkPosDiscountCode } from "~/flows/pos/server/check-pos-discount-code.server";
import { closeShift } from "~/flows/pos/server/close-shift.server";
import { createRegister } from "~/flows/pos/server/create-register.server";
import { readReturnableSales } from "~/flows/pos/server/read-returnable-sales.server";
import { recordPosSale } from "~/flows/pos/server/record-pos-sale.server";
import { refundPosSale } from "~/flows/pos/server/refund-pos-sale.server";
import { insertOrder } from "../../support/order-rows";
import { makePosServices, makePosSeller, openPosShift, type PosSeller, posCashSale } from "../../support/pos-seller";
import { createTestDatabase } from "../../support/test-database";
import type { TestServices } from "../../support/test-services";

// The counter's cart against a real PostgreSQL: a store discount code checked and priced on the server by the online
// rules (dates, limits, uses counted once when paid) and kept in the Z-report's discounts; returns at the counter of
// any shift's sale or an online order, found by number or email, cash out of this drawer and restocked here.

const SECRET = "pos-cart-secret-pos-cart-secret-0123456789";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ services } = makePosServices(db, SECRET));
});
afterAll(() => database?.drop());

async function makeCode(
  seller: PosSeller,
  code: string,
  terms: { percentOff?: number; amountOffCents?: number; max?: number; startsAt?: Date; endsAt?: Date } = {},
) {
  await db.execute(sql`
    insert into discount_codes (user_id, code, kind, percent_off, amount_off_cents, currency, max_redemptions,
      starts_at, ends_at)
    values (${seller.id}, ${code}, ${terms.amountOffCents ? "fixed" : "percent"},
      ${terms.amountOffCents ? null : (terms.percentOff ?? 10)},
      ${terms.amountOffCents ?? null}, ${terms.amountOffCents ? "USD" : null}, ${terms.max ?? null},
      ${terms.startsAt?.toISOString() ?? null}, ${terms.endsAt?.toISOString() ?? null})`);
}

const usesOf = async (seller: PosSeller, code: string) =>
  (
    await db.execute<{ used: number; held: number }>(sql`
      select d.redemptions_count as used,
        (select count(*)::int from discount_redemptions r where r.discount_code_id = d.id
          and r.status = 'reserved') as held
      from discount_codes d where d.user_id = ${seller.id} and d.code = ${code}`)
  ).rows[0];

describe("a store discount code at the counter", () => {
  it("prices a cash sale with the code after its manual discounts, counts one use once, and reports it", async () => {
    const seller = await makePosSeller(db);
    await makeCode(seller, "SPRING10", { percentOff: 10, max: 5 });
    const shiftId = await openPosShift(db, seller, 5000);
    // Two Mugs 25.00, 2.00 off the line, 10% of 23.00 = 2.30 off with the code: 20.70.
    const sale = posCashSale(seller, shiftId, {
      lines: [
        {
          productId: seller.mug.product,
          variantId: seller.mug.variant,
          quantity: 2,
          unitPriceCents: 1250,
          discount: { kind: "amount", value: 200 },
        },
      ],
      discountCode: " spring10 ",
      payments: [{ method: "cash", amountCents: 2070, tenderedCents: 3000 }],
    });
    const sold = await recordPosSale(services, seller.id, sale);
    expect(sold).toMatchObject({ ok: true, totalCents: 2070, changeCents: 930, duplicate: false });
    expect(await recordPosSale(services, seller.id, sale)).toMatchObject({ ok: true, duplicate: true });
    if (!sold.ok) throw new Error(sold.code);
    const order = await db.execute(
      sql`select status, discount_code, discount_cents, amount_cents from orders where id = ${sold.orderId}::uuid`,
    );
    expect(order.rows).toEqual([
      { status: "paid", discount_code: "SPRING10", discount_cents: 430, amount_cents: 2070 },
    ]);
    expect(await usesOf(seller, "SPRING10")).toEqual({ used: 1, held: 0 });

    const closed = await closeShift(db, seller.id, { shiftId, countedCashCents: 5000 + 2070 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({ grossSalesCents: 2500, discountsCents: 430, netSalesCents: 2070 });
    expect(closed.report.overShortCents).toBe(0);
  });

  it("refuses an unknown, expired, not yet started or used-up code, and a total priced without the code", async () => {
    const seller = await makePosSeller(db);
    const day = 86_400_000;
    await makeCode(seller, "ONCE", { amountOffCents: 500, max: 1 });
    await makeCode(seller, "OLD", { endsAt: new Date(Date.now() - day) });
    await makeCode(seller, "LATER", { startsAt: new Date(Date.now() + day) });
    const shiftId = await openPosShift(db, seller);
    const withCode = (discountCode: string, amountCents: number) =>
      posCashSale(seller, shiftId, {
        discountCode,
        payments: [{ method: "cash", amountCents, tenderedCents: amountCents }],
      });
    expect(await recordPosSale(services, seller.id, withCode("NOPE", 2500))).toMatchObject({
      code: "DISCOUNT_CODE_INVALID",
    });
    expect(await recordPosSale(services, seller.id, withCode("OLD", 2250))).toMatchObject({
      code: "DISCOUNT_CODE_EXPIRED",
    });
    expect(await recordPosSale(services, seller.id, withCode("LATER", 2250))).toMatchObject({
      code: "DISCOUNT_CODE_NOT_STARTED",
    });
    // The device must price the code as the server does.
    expect(await recordPosSale(services, seller.id, withCode("ONCE", 2500))).toMatchObject({
      code: "POS_PAYMENTS_MISMATCH",
    });
    expect(await usesOf(seller, "ONCE")).toEqual({ used: 0, held: 0 });
    expect(await recordPosSale(services, seller.id, withCode("ONCE", 2000))).toMatchObject({ ok: true });
    expect(await recordPosSale(services, seller.id, withCode("ONCE", 2000))).toMatchObject({
      code: "DISCOUNT_CODE_USED_UP",
    });
    expect(await usesOf(seller, "ONCE")).toEqual({ used: 1, held: 0 });
    // Another seller's code is unknown here.
    const other = await makePosSeller(db);
    await makeCode(other, "THEIRS", { percentOff: 50 });
    expect(await recordPosSale(services, seller.id, withCode("THEIRS", 1250))).toMatchObject({
      code: "DISCOUNT_CODE_INVALID",
    });
  });

  it("checks a code for the cart without holding a use, only on the seller's own shift", async () => {
    const seller = await makePosSeller(db);
    const other = await makePosSeller(db);
    await makeCode(seller, "TAKE5", { amountOffCents: 500, max: 1 });
    const shiftId = await openPosShift(db, seller);
    const otherShift = await openPosShift(db, other);
    const input = { shiftId, code: "take5", productIds: [seller.mug.product], amountCents: 2500 };
    const meta = { ipAddress: "203.0.113.7" };
    expect(await checkPosDiscountCode(db, seller.id, input, meta)).toEqual({
      ok: true,
      code: "TAKE5",
      terms: { kind: "fixed", amountOffCents: 500 },
      discountCents: 500,
    });
    expect(await checkPosDiscountCode(db, seller.id, input, meta)).toMatchObject({ ok: true });
    expect(await usesOf(seller, "TAKE5")).toEqual({ used: 0, held: 0 });
    expect(await checkPosDiscountCode(db, seller.id, { ...input, shiftId: otherShift }, meta)).toMatchObject({
      code: "POS_SHIFT_NOT_FOUND",
    });
    expect(await checkPosDiscountCode(db, other.id, { ...input, shiftId: otherShift }, meta)).toMatchObject({
      code: "DISCOUNT_CODE_INVALID",
    });
  });
});

describe("returns at the counter", () => {
  const stockAt = async (seller: PosSeller, locationId: string) =>
    (
      await db.execute<{ on_hand: number }>(sql`
        select on_hand from stock_levels where variant_id = ${seller.mug.variant} and location_id = ${locationId}`)
    ).rows[0]?.on_hand ?? 0;

  it("finds nothing, and does not fail, for a search the database cannot compare (a NUL byte, half a UTF-16 pair)", async () => {
    const seller = randomUUID();
    for (const query of ["buyer@example.com?step=a\u0000b", "x\udc00y@example.com", "A1B2C3D4\u0000"])
      expect(await readReturnableSales(db, seller, query)).toEqual([]);
  });

  it("finds a closed shift's sale by its number and refunds chosen lines from today's drawer, restocked here", async () => {
    const seller = await makePosSeller(db);
    const stall = await db.execute<{ id: string }>(sql`
      insert into stock_locations (user_id, kind, name) values (${seller.id}, 'event', 'Market stall') returning id`);
    const stallId = stall.rows[0]!.id;
    const stallRegister = await createRegister(db, seller.id, { locationId: stallId, name: "Stall" });
    if (!stallRegister.ok) throw new Error(stallRegister.code);
    await recordStockMovements(db, seller.id, seller.id, [
      { variantId: seller.mug.variant, locationId: seller.shop, kind: "received", quantity: 5 },
    ]);
    const monday = await openPosShift(db, seller, 5000);
    const sold = await recordPosSale(
      services,
      seller.id,
      posCashSale(seller, monday, {
        lines: [
          { productId: seller.mug.product, variantId: seller.mug.variant, quantity: 2, unitPriceCents: 1250 },
          { productId: seller.ebook, quantity: 1, unitPriceCents: 500 },
        ],
        email: "Buyer@Example.com",
        payments: [{ method: "cash", amountCents: 3000, tenderedCents: 3000 }],
      }),
    );
    if (!sold.ok) throw new Error(sold.code);
    const closed = await closeShift(db, seller.id, { shiftId: monday, countedCashCents: 8000 });
    if (!closed.ok) throw new Error(closed.code);

    const number = sold.orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
    const found = await readReturnableSales(db, seller.id, `#${number}`);
    expect(found.map((sale) => sale.orderId)).toEqual([sold.orderId]);
    expect(found[0]).toMatchObject({ channel: "pos", email: "buyer@example.com", amountCents: 3000, currency: "USD" });
    expect((await readReturnableSales(db, seller.id, "BUYER@example.com")).map((s) => s.orderId)).toEqual([
      sold.orderId,
    ]);
    const other = await makePosSeller(db);
    expect(await readReturnableSales(db, other.id, number)).toEqual([]);
    expect(await readReturnableSales(db, seller.id, "mug")).toEqual([]);

    // The stall's shift today takes one Mug and the e-book back: cash from its drawer, the Mug restocked at the stall.
    const today = await openPosShift(db, seller, 2000, stallRegister.registerId);
    expect(
      await refundPosSale(
        services,
        seller.id,
        { orderId: sold.orderId, shiftId: monday, lines: [], restock: true },
        {},
      ),
    ).toMatchObject({ code: "POS_SHIFT_CLOSED" });
    const [mugLine, guideLine] = found[0]!.lines;
    const refunded = await refundPosSale(
      services,
      seller.id,
      {
        orderId: sold.orderId,
        shiftId: today,
        lines: [
          { lineId: mugLine!.id, quantity: 1 },
          { lineId: guideLine!.id, quantity: 1 },
        ],
        restock: true,
      },
      {},
    );
    expect(refunded).toMatchObject({ ok: true, amountCents: 1750, full: false });
    expect(await stockAt(seller, seller.shop)).toBe(3);
    expect(await stockAt(seller, stallId)).toBe(1);
    const drawer = await db.execute(sql`
      select shift_id, kind, amount_cents from drawer_movements where order_id = ${sold.orderId}::uuid order by amount_cents`);
    expect(drawer.rows).toEqual([
      { shift_id: today, kind: "refund", amount_cents: -1750 },
      { shift_id: monday, kind: "sale", amount_cents: 3000 },
    ]);
    const report = await closeShift(db, seller.id, { shiftId: today, countedCashCents: 250 });
    if (!report.ok) throw new Error(report.code);
    expect(report.report).toMatchObject({ expectedCashCents: 250, byMethod: { cash: { refunds: 1750 } } });
  });

  it("refunds an online order's lines through its provider at the counter, the drawer untouched", async () => {
    const seller = await makePosSeller(db);
    const paymentId = `tpp_${randomUUID()}`;
    const online = await insertOrder(db, {
      userId: seller.id,
      status: "paid",
      provider: "test",
      providerPaymentId: paymentId,
      customerEmail: "far@example.com",
      paidAt: new Date(),
      lines: [
        {
          kind: "physical",
          productId: seller.mug.product,
          variantId: seller.mug.variant,
          productName: "Mug",
          unitPriceCents: 1250,
          quantity: 2,
        },
      ],
    });
    await db.execute(sql`
      insert into test_provider_checkouts (id, amount_cents, currency, description, customer_email, reference,
        success_url, cancel_url, status, payment_id, expires_at)
      values (${randomUUID()}, 2500, 'USD', 'Mug', 'far@example.com', ${online.id}, 'http://x/', 'http://x/', 'paid',
        ${paymentId}, now() + interval '1 day')`);
    const shiftId = await openPosShift(db, seller, 1000);
    const [found] = await readReturnableSales(db, seller.id, "far@example.com");
    expect(found).toMatchObject({ orderId: online.id, channel: "online" });
    const refunded = await refundPosSale(
      services,
      seller.id,
      { orderId: online.id, shiftId, lines: [{ lineId: online.lineIds[0]!, quantity: 1 }], restock: true },
      {},
    );
    expect(refunded).toMatchObject({ ok: true, amountCents: 1250 });
    expect(await stockAt(seller, seller.shop)).toBe(1);
    expect((await db.execute(sql`select 1 from drawer_movements where shift_id = ${shiftId}`)).rows).toEqual([]);
  });
});
