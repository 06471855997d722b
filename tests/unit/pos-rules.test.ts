import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amendZReport,
  changeDue,
  checkTenders,
  discountOn,
  posMethodsOf,
  priceSale,
  quickTenders,
  splitProportionally,
  type ZReport,
} from "~/flows/pos/pos-rules";

describe("the point of sale's money rules", () => {
  it("computes change, or refuses a tender below the amount due", () => {
    expect(changeDue(1250, 2000)).toBe(750);
    expect(changeDue(1250, 1250)).toBe(0);
    expect(changeDue(1250, 1000)).toBeNull();
  });

  it("offers the exact amount and the next round notes", () => {
    expect(quickTenders(1250)).toEqual([1250, 1300, 1500, 2000]);
    expect(quickTenders(2000)).toEqual([2000, 5000, 10_000]);
  });

  it("caps a manual discount at its base", () => {
    expect(discountOn(1000, { kind: "percent", value: 15 })).toBe(150);
    expect(discountOn(1000, { kind: "amount", value: 5000 })).toBe(1000);
    expect(discountOn(1000, null)).toBe(0);
  });

  it("splits a sale discount so the shares add up and no line goes below zero", () => {
    expect(splitProportionally(2, [1, 1, 1])).toEqual([1, 1, 0]);
    fc.assert(
      fc.property(fc.array(fc.nat(100_000), { minLength: 1, maxLength: 20 }), fc.nat(), (weights, raw) => {
        const total = weights.reduce((a, b) => a + b, 0);
        const amount = total === 0 ? 0 : raw % (total + 1);
        const shares = splitProportionally(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(weights[i] ?? 0);
        });
      }),
    );
  });

  it("prices line discounts first, then the sale discount on what is left", () => {
    const priced = priceSale(
      [
        { unitPriceCents: 1000, quantity: 2, discount: { kind: "amount", value: 500 } },
        { unitPriceCents: 500, quantity: 1, discount: null },
      ],
      { kind: "percent", value: 10 },
    );
    expect(priced).toMatchObject({ subtotalCents: 2500, discountCents: 700, totalCents: 1800 });
    expect(priced.lines.map((l) => l.discountCents)).toEqual([650, 50]);
  });
});

describe("the payment methods a POS offers", () => {
  it("follows the Event Sales setup's methods, and offers all without a setup or a known method", () => {
    expect(posMethodsOf(["cash", "card_reader"])).toEqual(["cash", "card"]);
    expect(posMethodsOf(["wallet_qr", "peer_payment"])).toEqual(["pay_on_phone", "other"]);
    expect(posMethodsOf(["mobile_payments", "card_terminal", "cash"])).toEqual(["cash", "card", "pay_on_phone"]);
    expect(posMethodsOf(null)).toEqual(["cash", "card", "pay_on_phone", "other"]);
    expect(posMethodsOf([])).toEqual(["cash", "card", "pay_on_phone", "other"]);
    expect(posMethodsOf(["carrier_pigeon"])).toEqual(["cash", "card", "pay_on_phone", "other"]);
  });
});

describe("split tenders", () => {
  const cash = (amountCents: number, tenderedCents: number | null = null) => ({
    method: "cash",
    amountCents,
    tenderedCents,
  });
  const part = (method: string, amountCents: number, tenderedCents: number | null = null) => ({
    method,
    amountCents,
    tenderedCents,
  });

  it("covers the total exactly, with change from the cash part only", () => {
    expect(checkTenders(2500, [cash(1000, 2000), part("card", 1500)])).toEqual({
      ok: true,
      changeCents: 1000,
      cashCents: 1000,
    });
    expect(checkTenders(2500, [cash(500), cash(500, 700), part("other", 1500)])).toEqual({
      ok: true,
      changeCents: 200,
      cashCents: 1000,
    });
    expect(checkTenders(0, [cash(0)])).toEqual({ ok: true, changeCents: 0, cashCents: 0 });
  });

  it("refuses parts that miss the total, an empty part, two card parts, change from a card and short cash", () => {
    expect(checkTenders(2500, [cash(1000), part("card", 1000)])).toEqual({ ok: false, code: "POS_PAYMENTS_MISMATCH" });
    expect(checkTenders(2500, [cash(2500), part("card", 0)])).toEqual({ ok: false, code: "POS_PAYMENTS_MISMATCH" });
    expect(checkTenders(2500, [part("card", 1000), part("pay_on_phone", 1500)])).toEqual({
      ok: false,
      code: "POS_CARD_NOT_SPLIT",
    });
    expect(checkTenders(2500, [cash(1000), part("card", 1500, 2000)])).toEqual({
      ok: false,
      code: "POS_CHANGE_NOT_CASH",
    });
    expect(checkTenders(2500, [cash(1000, 900), part("other", 1500)])).toEqual({ ok: false, code: "POS_CASH_TOO_LOW" });
  });

  it("never gives change beyond what the cash parts were handed over for", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            method: fc.constantFrom("cash", "card", "other"),
            amountCents: fc.integer({ min: 1, max: 10_000 }),
            extra: fc.nat(5000),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (parts) => {
          const tenders = parts.map((p) => ({
            method: p.method,
            amountCents: p.amountCents,
            tenderedCents: p.method === "cash" ? p.amountCents + p.extra : null,
          }));
          const total = tenders.reduce((sum, t) => sum + t.amountCents, 0);
          const checked = checkTenders(total, tenders);
          const cards = tenders.filter((t) => t.method === "card").length;
          if (cards > 1) {
            expect(checked).toEqual({ ok: false, code: "POS_CARD_NOT_SPLIT" });
            return;
          }
          const cashParts = tenders.filter((t) => t.method === "cash");
          expect(checked).toEqual({
            ok: true,
            changeCents: cashParts.reduce((sum, t) => sum + (t.tenderedCents ?? 0) - t.amountCents, 0),
            cashCents: cashParts.reduce((sum, t) => sum + t.amountCents, 0),
          });
        },
      ),
    );
  });
});

describe("a late sale on a kept Z-report", () => {
  const kept: ZReport = {
    currency: "USD",
    openingFloatCents: 5000,
    salesCount: 1,
    grossSalesCents: 2500,
    discountsCents: 0,
    refundsCents: 0,
    netSalesCents: 2500,
    byMethod: { cash: { sales: 2500, refunds: 0, count: 1 } },
    itemsSold: [{ name: "Mug", quantity: 2, amountCents: 2500 }],
    cashInCents: 0,
    cashOutCents: 0,
    expectedCashCents: 7500,
    countedCashCents: 7500,
    overShortCents: 0,
  };

  it("adds its sales, items and cash, keeps the count, and lists it", () => {
    const late = {
      orderId: "o1",
      soldAt: "2030-06-01T10:00:00.000Z",
      recordedAt: "2030-06-01T18:00:00.000Z",
      amountCents: 1600,
      cashCents: 1000,
      subtotalCents: 1750,
      discountCents: 150,
      payments: [
        { method: "cash", amountCents: 1000 },
        { method: "other", amountCents: 600 },
      ],
      items: [
        { name: "Mug", quantity: 1, amountCents: 1100 },
        { name: "Guide", quantity: 1, amountCents: 500 },
      ],
    };
    const amended = amendZReport(kept, late);
    expect(amended).toMatchObject({
      salesCount: 2,
      grossSalesCents: 4250,
      discountsCents: 150,
      netSalesCents: 4100,
      byMethod: { cash: { sales: 3500, refunds: 0, count: 2 }, other: { sales: 600, refunds: 0, count: 1 } },
      itemsSold: [
        { name: "Mug", quantity: 3, amountCents: 3600 },
        { name: "Guide", quantity: 1, amountCents: 500 },
      ],
      expectedCashCents: 8500,
      countedCashCents: 7500,
      overShortCents: -1000,
      lateSales: [
        { orderId: "o1", soldAt: late.soldAt, recordedAt: late.recordedAt, amountCents: 1600, cashCents: 1000 },
      ],
    });
    expect(kept.itemsSold[0]?.quantity).toBe(2);
    expect(amendZReport(amended, { ...late, orderId: "o2" }).lateSales).toHaveLength(2);
  });
});
