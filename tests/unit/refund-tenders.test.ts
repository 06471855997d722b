import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partsOf, splitRefund, tenderSum } from "~/domains/orders/refund-tenders";

describe("a refund split by tender", () => {
  it("draws on the card first, then other methods, then cash", () => {
    const paid = { cash: 1000, card: 1500 };
    expect(splitRefund(1250, paid, {})).toEqual({ card: 1250 });
    expect(splitRefund(1250, paid, { card: 1250 })).toEqual({ card: 250, cash: 1000 });
    expect(splitRefund(2500, { cash: 1000, other: 1500 }, {})).toEqual({ other: 1500, cash: 1000 });
    expect(splitRefund(2500, { online: 2500 }, {})).toEqual({ online: 2500 });
    expect(partsOf({ card: 250, cash: 1000, other: 5 })).toEqual({
      provider: { card: 250 },
      outside: { cash: 1000, other: 5 },
    });
  });

  it("refuses more than the tenders have left", () => {
    expect(splitRefund(1001, { cash: 1000 }, {})).toBeNull();
    expect(splitRefund(1, { cash: 1000, card: 500 }, { cash: 1000, card: 500 })).toBeNull();
  });

  it("never gives a tender more than it has left, and always adds up, so the rest stays returnable", () => {
    const tenders = fc.record({ cash: fc.nat(5000), other: fc.nat(5000), card: fc.nat(5000) }, { requiredKeys: [] });
    fc.assert(
      fc.property(tenders, fc.array(fc.integer({ min: 1, max: 4000 }), { maxLength: 6 }), (paid, amounts) => {
        const refunded: Record<string, number> = {};
        for (const amount of amounts) {
          const left = tenderSum(paid) - tenderSum(refunded);
          const shares = splitRefund(amount, paid, refunded);
          if (amount > left) {
            expect(shares).toBeNull();
            continue;
          }
          expect(shares && tenderSum(shares)).toBe(amount);
          for (const [key, cents] of Object.entries(shares ?? {})) {
            refunded[key] = (refunded[key] ?? 0) + cents;
            expect(refunded[key]).toBeLessThanOrEqual(paid[key as keyof typeof paid] ?? 0);
          }
        }
        const rest = tenderSum(paid) - tenderSum(refunded);
        if (rest > 0) expect(splitRefund(rest, paid, refunded)).not.toBeNull();
      }),
    );
  });
});
