import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changeDue,
  discountOn,
  posMethodsOf,
  priceSale,
  quickTenders,
  splitProportionally,
} from "~/features/pos/pos-rules";

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
