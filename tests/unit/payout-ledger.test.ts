import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  feeKept,
  isBusinessDay,
  type LedgerOrder,
  ledgerEntryFor,
  nextBusinessDay,
  nextPayout,
  sellerNet,
  TEST_PAYOUT_DELAY_BUSINESS_DAYS,
} from "~/domains/payouts/ledger-rules";
import { upcomingPayout } from "~/domains/payouts/payouts-display";

// The test provider's payout ledger arithmetic — business days, each order's net after refunds and
// Sellkit's fee, the entry that brings an order's booked total to its net, and the next payout's day and amount.
// 2027-03-01 is a Monday.

describe("business days (UTC, Monday to Friday)", () => {
  it("knows weekends", () => {
    expect(["2027-03-01", "2027-03-05"].map(isBusinessDay)).toEqual([true, true]);
    expect(["2027-03-06", "2027-03-07"].map(isBusinessDay)).toEqual([false, false]);
  });

  it("steps over weekends", () => {
    expect(nextBusinessDay("2027-03-01")).toBe("2027-03-02");
    expect(nextBusinessDay("2027-03-05")).toBe("2027-03-08");
    expect(nextBusinessDay("2027-03-06")).toBe("2027-03-08");
    expect(nextBusinessDay("2027-03-07")).toBe("2027-03-08");
  });

  it("adds business days across weekends, months and a leap day", () => {
    expect(addBusinessDays("2027-03-01", 5)).toBe("2027-03-08");
    expect(addBusinessDays("2027-03-04", 5)).toBe("2027-03-11");
    expect(addBusinessDays("2027-03-06", 1)).toBe("2027-03-08");
    expect(addBusinessDays("2027-03-06", 5)).toBe("2027-03-12");
    expect(addBusinessDays("2027-03-29", 5)).toBe("2027-04-05");
    expect(addBusinessDays("2028-02-25", 2)).toBe("2028-02-29");
    expect(addBusinessDays("2027-03-03", 0)).toBe("2027-03-03");
  });

  it("pays a sale out within the promised 7 business days, whatever the day of the sale", () => {
    for (let day = 1; day <= 14; day += 1) {
      const sale = `2027-03-${String(day).padStart(2, "0")}`;
      const available = addBusinessDays(sale, TEST_PAYOUT_DELAY_BUSINESS_DAYS);
      const arrival = nextBusinessDay(available);
      let businessDays = 0;
      for (let d = sale; d < arrival; d = nextBusinessDay(d)) businessDays += 1;
      expect(businessDays, sale).toBeLessThanOrEqual(7);
    }
  });
});

describe("an order's net to the seller", () => {
  it("is the amount minus refunds and Sellkit's fee kept (given back in proportion)", () => {
    expect(feeKept({ amountCents: 1250, refundedCents: 0, platformFeeCents: 100 })).toBe(100);
    expect(feeKept({ amountCents: 1250, refundedCents: 500, platformFeeCents: 100 })).toBe(60);
    expect(feeKept({ amountCents: 1250, refundedCents: 1250, platformFeeCents: 100 })).toBe(0);
    expect(feeKept({ amountCents: 999, refundedCents: 333, platformFeeCents: 79 })).toBe(53);
    expect(sellerNet({ status: "paid", amountCents: 1250, refundedCents: 0, platformFeeCents: 100 })).toBe(1150);
    expect(sellerNet({ status: "paid", amountCents: 1250, refundedCents: 500, platformFeeCents: 100 })).toBe(690);
    expect(sellerNet({ status: "refunded", amountCents: 1250, refundedCents: 1250, platformFeeCents: 100 })).toBe(0);
    expect(sellerNet({ status: "paid", amountCents: 1250, refundedCents: 0, platformFeeCents: 0 })).toBe(1250);
  });

  it("is nothing for a disputed, pending or expired order", () => {
    for (const status of ["disputed", "pending", "expired"])
      expect(sellerNet({ status, amountCents: 1250, refundedCents: 0, platformFeeCents: 100 })).toBe(0);
  });
});

describe("the ledger entry of an order", () => {
  const paidAt = new Date("2027-03-01T10:00:00Z");
  const order = (overrides: Partial<LedgerOrder>): LedgerOrder => ({
    status: "paid",
    amountCents: 1250,
    refundedCents: 0,
    platformFeeCents: 100,
    paidAt,
    bookedCents: 0,
    saleAvailableOn: null,
    ...overrides,
  });
  const now = new Date("2027-03-02T09:00:00Z");

  it("credits a new sale's net, available five business days after its day", () => {
    expect(ledgerEntryFor(order({}), now)).toEqual({
      kind: "sale",
      amountCents: 1150,
      availableOn: new Date("2027-03-08T00:00:00Z"),
    });
  });

  it("books nothing twice", () => {
    expect(
      ledgerEntryFor(order({ bookedCents: 1150, saleAvailableOn: new Date("2027-03-08T00:00:00Z") }), now),
    ).toBeNull();
  });

  it("debits a refund of money still pending on the sale's day, so it lowers the pending balance", () => {
    const entry = ledgerEntryFor(
      order({ refundedCents: 500, bookedCents: 1150, saleAvailableOn: new Date("2027-03-08T00:00:00Z") }),
      now,
    );
    expect(entry).toEqual({ kind: "refund", amountCents: -460, availableOn: new Date("2027-03-08T00:00:00Z") });
  });

  it("debits a refund of money already available at once", () => {
    const later = new Date("2027-03-09T15:00:00Z");
    const entry = ledgerEntryFor(
      order({
        status: "refunded",
        refundedCents: 1250,
        bookedCents: 1150,
        saleAvailableOn: new Date("2027-03-08T00:00:00Z"),
      }),
      later,
    );
    expect(entry).toEqual({ kind: "refund", amountCents: -1150, availableOn: later });
  });

  it("debits a dispute, and credits it back when the dispute is won", () => {
    const available = new Date("2027-03-08T00:00:00Z");
    const later = new Date("2027-03-10T08:00:00Z");
    expect(ledgerEntryFor(order({ status: "disputed", bookedCents: 1150, saleAvailableOn: available }), later)).toEqual(
      {
        kind: "dispute",
        amountCents: -1150,
        availableOn: later,
      },
    );
    expect(ledgerEntryFor(order({ status: "paid", bookedCents: 0, saleAvailableOn: available }), later)).toEqual({
      kind: "dispute_won",
      amountCents: 1150,
      availableOn: later,
    });
  });

  it("books nothing for an order disputed or refunded before its first run", () => {
    expect(ledgerEntryFor(order({ status: "disputed" }), now)).toBeNull();
    expect(ledgerEntryFor(order({ status: "refunded", refundedCents: 1250 }), now)).toBeNull();
  });
});

describe("the next payout", () => {
  it("is today's when money is available on a business day not paid out yet", () => {
    expect(nextPayout([{ payableDay: "2027-03-01", amountCents: 1150 }], "2027-03-03", false)).toEqual({
      payoutDay: "2027-03-03",
      arrivalDay: "2027-03-04",
      amountCents: 1150,
    });
  });

  it("is the next business day's when today's payout is made or today is a weekend day", () => {
    expect(nextPayout([{ payableDay: "2027-03-01", amountCents: 100 }], "2027-03-03", true)?.payoutDay).toBe(
      "2027-03-04",
    );
    expect(nextPayout([{ payableDay: "2027-03-01", amountCents: 100 }], "2027-03-06", false)).toEqual({
      payoutDay: "2027-03-08",
      arrivalDay: "2027-03-09",
      amountCents: 100,
    });
  });

  it("waits for pending money, and nets refunds against it", () => {
    const unpaid = [
      { payableDay: "2027-03-03", amountCents: -300 },
      { payableDay: "2027-03-08", amountCents: 200 },
      { payableDay: "2027-03-10", amountCents: 1000 },
    ];
    expect(nextPayout(unpaid, "2027-03-03", false)).toEqual({
      payoutDay: "2027-03-10",
      arrivalDay: "2027-03-11",
      amountCents: 900,
    });
  });

  it("is none when nothing is owed", () => {
    expect(nextPayout([], "2027-03-03", false)).toBeNull();
    expect(nextPayout([{ payableDay: "2027-03-05", amountCents: -500 }], "2027-03-03", false)).toBeNull();
    expect(
      nextPayout(
        [
          { payableDay: "2027-03-05", amountCents: 500 },
          { payableDay: "2027-03-05", amountCents: -500 },
        ],
        "2027-03-03",
        false,
      ),
    ).toBeNull();
  });

  it("of a provider's payouts is the one on its way that arrives first", () => {
    expect(
      upcomingPayout([
        { id: "po_3", amountCents: 300, currency: "USD", status: "pending", arrivalDay: "2027-03-12" },
        { id: "po_2", amountCents: 200, currency: "USD", status: "in_transit", arrivalDay: "2027-03-10" },
        { id: "po_1", amountCents: 100, currency: "USD", status: "paid", arrivalDay: "2027-03-05" },
      ]),
    ).toEqual({ currency: "USD", payoutDay: null, arrivalDay: "2027-03-10", amountCents: 200 });
    expect(
      upcomingPayout([{ id: "po_1", amountCents: 100, currency: "USD", status: "paid", arrivalDay: "2027-03-05" }]),
    ).toBeNull();
  });
});
