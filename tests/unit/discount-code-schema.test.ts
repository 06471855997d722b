import { maximumPriceMessage } from "~/domains/catalog/schemas/amount-field";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MAXIMUM_PRICE_MINOR } from "~/lib/money";
import {
  discountFormValues,
  discountOffLabel,
  discountStatus,
  discountUsageLabel,
  freeBelowMinimumWarnings,
} from "~/domains/discounts/discount-display";
import {
  AMOUNT_INVALID_MESSAGE,
  AMOUNT_OFF_REQUIRED_MESSAGE,
  AMOUNT_OFF_TOO_SMALL_MESSAGE,
  CODE_CHARACTERS_MESSAGE,
  CODE_LENGTH_MESSAGE,
  CODE_REQUIRED_MESSAGE,
  DATE_INVALID_MESSAGE,
  discountCodeSchema,
  END_BEFORE_START_MESSAGE,
  KIND_MESSAGE,
  MAX_REDEMPTIONS_MESSAGE,
  PERCENT_MESSAGE,
  PRODUCTS_INVALID_MESSAGE,
  PRODUCTS_REQUIRED_MESSAGE,
  SCOPE_MESSAGE,
  toDiscountInput,
} from "~/domains/discounts/schemas/discount-code";
import { feeRefundFor } from "~/domains/orders/platform-fee";
import {
  REFUND_AMOUNT_INVALID_MESSAGE,
  REFUND_AMOUNT_ZERO_MESSAGE,
  refundSchema,
  refundTooHighMessage,
} from "~/domains/orders/schemas/refund";
import { formatDateTime, utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";

// The discount code form's one schema (browser and server): every rule has its message, amounts come
// out in minor units and times typed in the creator's zone are stored UTC. Also the refund form's amount rules.

const PRODUCT = "0b6c3f0e-8a5e-4a39-9d62-3f4f4a1c2b7d";
const OTHER_PRODUCT = "5d1e2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b";

function parse(fields: Record<string, string | string[]>, currency: "USD" | "EUR" | "GBP" | "CZK" = "USD") {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    code: "SPRING-25",
    kind: "percent",
    percentOff: "25",
    appliesTo: "all",
    ...fields,
  }))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return parseWithZod(form, { schema: discountCodeSchema(currency) });
}

const errorsOf = (fields: Record<string, string | string[]>) => {
  const result = parse(fields);
  return (result.status === "error" ? result.error : null) ?? {};
};

describe("discount code schema", () => {
  it("accepts a percent code for all products, and a fixed code in minor units for chosen products", () => {
    const percent = parse({});
    expect(percent.status).toBe("success");
    if (percent.status === "success")
      expect(percent.value).toMatchObject({ code: "SPRING-25", kind: "percent", percentOff: 25, appliesTo: "all" });
    const fixed = parse({
      kind: "fixed",
      amountOff: "5.50",
      appliesTo: "selected",
      productIds: [PRODUCT],
      maxRedemptions: "10",
      minAmount: "20",
    });
    expect(fixed.status).toBe("success");
    if (fixed.status === "success")
      expect(fixed.value).toMatchObject({ amountOff: 550, productIds: [PRODUCT], maxRedemptions: 10, minAmount: 2000 });
  });

  it("code: required, 3 to 32 characters, only letters, digits, - and _", () => {
    expect(errorsOf({ code: "" }).code).toEqual([CODE_REQUIRED_MESSAGE]);
    expect(errorsOf({ code: "ab" }).code).toEqual([CODE_LENGTH_MESSAGE]);
    expect(errorsOf({ code: "a".repeat(33) }).code).toEqual([CODE_LENGTH_MESSAGE]);
    expect(errorsOf({ code: "two words" }).code).toEqual([CODE_CHARACTERS_MESSAGE]);
    expect(errorsOf({ code: "50%OFF" }).code).toEqual([CODE_CHARACTERS_MESSAGE]);
    expect(errorsOf({ code: "a".repeat(32) }).code).toBeUndefined();
    expect(errorsOf({ code: "  Ab_9-  " }).code).toBeUndefined();
  });

  it("kind and scope must be from the lists", () => {
    expect(errorsOf({ kind: "free" }).kind).toEqual([KIND_MESSAGE]);
    expect(errorsOf({ appliesTo: "some" }).appliesTo).toEqual([SCOPE_MESSAGE]);
  });

  it("percent: a whole number from 1 to 100", () => {
    for (const bad of ["", "0", "101", "12.5", "-5", "ten"])
      expect(errorsOf({ percentOff: bad }).percentOff, bad).toEqual([PERCENT_MESSAGE]);
    for (const good of ["1", "100"]) expect(errorsOf({ percentOff: good }).percentOff, good).toBeUndefined();
  });

  it("fixed: an amount of at least one minor unit, at most the largest price", () => {
    expect(errorsOf({ kind: "fixed" }).amountOff).toEqual([AMOUNT_OFF_REQUIRED_MESSAGE]);
    expect(errorsOf({ kind: "fixed", amountOff: "0" }).amountOff).toEqual([AMOUNT_OFF_TOO_SMALL_MESSAGE]);
    expect(errorsOf({ kind: "fixed", amountOff: "-1" }).amountOff).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(errorsOf({ kind: "fixed", amountOff: "1.005" }).amountOff).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(errorsOf({ kind: "fixed", amountOff: String(MAXIMUM_PRICE_MINOR / 100 + 1) }).amountOff).toEqual([
      maximumPriceMessage("USD"),
    ]);
    expect(errorsOf({ kind: "fixed", amountOff: "0.01" }).amountOff).toBeUndefined();
    // The percent field is not asked of a fixed code.
    expect(errorsOf({ kind: "fixed", amountOff: "2", percentOff: "" }).percentOff).toBeUndefined();
  });

  it("chosen products: at least one, each an id", () => {
    expect(errorsOf({ appliesTo: "selected" }).productIds).toEqual([PRODUCTS_REQUIRED_MESSAGE]);
    expect(JSON.stringify(errorsOf({ appliesTo: "selected", productIds: ["not-an-id"] }))).toContain(
      PRODUCTS_INVALID_MESSAGE,
    );
    expect(errorsOf({ appliesTo: "selected", productIds: [PRODUCT] }).productIds).toBeUndefined();
  });

  it("window: each a date and time, the end after the start", () => {
    expect(errorsOf({ startsAt: "tomorrow" }).startsAt).toEqual([DATE_INVALID_MESSAGE]);
    expect(errorsOf({ startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T10:00" }).endsAt).toEqual([
      END_BEFORE_START_MESSAGE,
    ]);
    expect(errorsOf({ startsAt: "2026-12-01T10:00", endsAt: "2026-11-30T23:59" }).endsAt).toEqual([
      END_BEFORE_START_MESSAGE,
    ]);
    expect(errorsOf({ startsAt: "2026-12-01T10:00", endsAt: "2026-12-01T10:01" }).endsAt).toBeUndefined();
    expect(errorsOf({ endsAt: "2026-12-01T10:00" }).endsAt).toBeUndefined();
  });

  it("maximum redemptions: empty (no limit) or a whole number of at least 1", () => {
    for (const bad of ["0", "-1", "1.5", "many", "1000001"])
      expect(errorsOf({ maxRedemptions: bad }).maxRedemptions, bad).toEqual([MAX_REDEMPTIONS_MESSAGE]);
    expect(errorsOf({ maxRedemptions: "" }).maxRedemptions).toBeUndefined();
    expect(errorsOf({ maxRedemptions: "1" }).maxRedemptions).toBeUndefined();
  });

  it("minimum amount: empty or an amount", () => {
    expect(errorsOf({ minAmount: "12,345.678" }).minAmount).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(errorsOf({ minAmount: "" }).minAmount).toBeUndefined();
  });

  it("stores times typed in the creator's zone as UTC, and the fixed amount's currency", () => {
    const parsed = parse(
      { kind: "fixed", amountOff: "3", startsAt: "2026-07-01T09:30", endsAt: "2026-12-01T09:30" },
      "EUR",
    );
    if (parsed.status !== "success") throw new Error("expected success");
    const input = toDiscountInput(parsed.value, "EUR", "Europe/Prague");
    // Summer time (UTC+2) and winter time (UTC+1).
    expect(input.startsAt?.toISOString()).toBe("2026-07-01T07:30:00.000Z");
    expect(input.endsAt?.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(input).toMatchObject({
      kind: "fixed",
      amountOffCents: 300,
      currency: "EUR",
      percentOff: null,
      productIds: [],
    });
  });
});

describe("zoned times", () => {
  it("round-trips a wall-clock time through UTC in several zones", () => {
    for (const zone of ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"]) {
      const utc = zonedLocalToUtc("2026-03-15T18:45", zone)!;
      expect(utcToZonedLocal(utc, zone), zone).toBe("2026-03-15T18:45");
    }
    expect(zonedLocalToUtc("2026-01-15T12:00", "America/New_York")?.toISOString()).toBe("2026-01-15T17:00:00.000Z");
    expect(zonedLocalToUtc("2026-02-30T12:00", "UTC")).toBeNull();
    expect(zonedLocalToUtc("nonsense", "UTC")).toBeNull();
    // An unknown zone falls back to UTC.
    expect(zonedLocalToUtc("2026-01-15T12:00", "Mars/Olympus")?.toISOString()).toBe("2026-01-15T12:00:00.000Z");
    expect(formatDateTime("2026-01-15T17:00:00.000Z", "America/New_York")).toBe("Jan 15, 2026, 12:00 PM");
  });
});

describe("a code's status and labels", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const base = { archivedAt: null, startsAt: null, endsAt: null, maxRedemptions: null, redemptionsCount: 0 };
  it("archived, expired, used up, scheduled, else active", () => {
    expect(discountStatus(base, now)).toBe("active");
    expect(discountStatus({ ...base, startsAt: "2026-06-02T00:00:00Z" }, now)).toBe("scheduled");
    expect(discountStatus({ ...base, endsAt: "2026-06-01T12:00:00Z" }, now)).toBe("expired");
    expect(discountStatus({ ...base, maxRedemptions: 3, redemptionsCount: 3 }, now)).toBe("used_up");
    expect(
      discountStatus({ ...base, maxRedemptions: 3, redemptionsCount: 3, archivedAt: "2026-05-01T00:00:00Z" }, now),
    ).toBe("archived");
  });
  it("says what a code takes off, and gives a saved code back to the form in the creator's zone", () => {
    expect(discountOffLabel({ kind: "percent", percentOff: 20, amountOffCents: null, currency: null }, "USD")).toBe(
      "20% off",
    );
    expect(discountOffLabel({ kind: "fixed", percentOff: null, amountOffCents: 550, currency: "EUR" }, "USD")).toBe(
      "€5.50 off",
    );
    const values = discountFormValues(
      {
        id: PRODUCT,
        code: "WINTER",
        kind: "fixed",
        percentOff: null,
        amountOffCents: 550,
        currency: "EUR",
        appliesTo: "selected",
        products: [{ id: PRODUCT, name: "Guide" }],
        startsAt: "2026-12-01T08:30:00Z",
        endsAt: null,
        maxRedemptions: 5,
        redemptionsCount: 0,
        reservedCount: 0,
        overLimitCount: 0,
        minAmountCents: null,
        archivedAt: null,
        used: false,
        createdAt: "2026-11-01T00:00:00Z",
      },
      "Europe/Prague",
    );
    expect(values).toMatchObject({
      amountOff: "5.50",
      startsAt: "2026-12-01T09:30",
      endsAt: "",
      maxRedemptions: "5",
      productIds: [PRODUCT],
    });
  });
  it("counts paid uses against the maximum, apart from uses open checkouts hold and any overrun", () => {
    const usage = { maxRedemptions: 5, redemptionsCount: 3, reservedCount: 1, overLimitCount: 0 };
    expect(discountUsageLabel(usage)).toBe("3 / 5 · 1 reserved");
    expect(discountUsageLabel({ ...usage, redemptionsCount: 6, reservedCount: 0, overLimitCount: 1 })).toBe(
      "6 / 5 · 1 past the limit",
    );
    expect(discountUsageLabel({ ...usage, maxRedemptions: null, reservedCount: 0 })).toBe("3 / no limit");
  });
});

describe("a fixed code on pay-what-you-want products", () => {
  const pwyw = {
    id: PRODUCT,
    name: "Sketchbook",
    status: "published",
    pricing: "pwyw",
    minPriceCents: 300,
    currency: "USD",
  };
  const fixed = {
    id: OTHER_PRODUCT,
    name: "Guide",
    status: "published",
    pricing: "fixed",
    minPriceCents: null,
    currency: "USD",
  };
  const code = (
    amountOffCents: number | null,
    extra: Partial<{ kind: string; appliesTo: string; productIds: string[] }> = {},
  ) => ({
    kind: "fixed",
    amountOffCents,
    appliesTo: "all",
    productIds: [] as string[],
    ...extra,
  });
  it("warns when the amount off covers a product's minimum, so buyers can get it free", () => {
    expect(freeBelowMinimumWarnings(code(300), [pwyw, fixed], "USD")).toEqual([
      "Buyers can get Sketchbook free with this code: $3.00 off covers its pay-what-you-want minimum of $3.00.",
    ]);
    expect(
      freeBelowMinimumWarnings(code(500, { appliesTo: "selected", productIds: [PRODUCT] }), [pwyw], "USD"),
    ).toHaveLength(1);
  });
  it("says nothing below the minimum, for percent codes, other products, or a minimum of 0", () => {
    expect(freeBelowMinimumWarnings(code(299), [pwyw], "USD")).toEqual([]);
    expect(freeBelowMinimumWarnings(code(500, { kind: "percent" }), [pwyw], "USD")).toEqual([]);
    expect(
      freeBelowMinimumWarnings(code(500, { appliesTo: "selected", productIds: [OTHER_PRODUCT] }), [pwyw, fixed], "USD"),
    ).toEqual([]);
    expect(freeBelowMinimumWarnings(code(500), [{ ...pwyw, minPriceCents: 0 }], "USD")).toEqual([]);
  });
});

describe("refund form and fee", () => {
  const parseRefund = (amount: string, left = 1000) => {
    const form = new FormData();
    form.append("intent", "review");
    form.append("amount", amount);
    return parseWithZod(form, { schema: refundSchema(left, "USD") });
  };
  it("an amount above 0, at most what is left", () => {
    const ok = parseRefund("4.50");
    expect(ok.status === "success" && ok.value.amount).toBe(450);
    const tooHigh = parseRefund("10.01");
    expect(tooHigh.status === "error" && tooHigh.error?.amount).toEqual([refundTooHighMessage(1000, "USD")]);
    const zero = parseRefund("0");
    expect(zero.status === "error" && zero.error?.amount).toEqual([REFUND_AMOUNT_ZERO_MESSAGE]);
    const bad = parseRefund("-3");
    expect(bad.status === "error" && bad.error?.amount).toEqual([REFUND_AMOUNT_INVALID_MESSAGE]);
  });
  it("gives back Sellkit's fee in proportion, rounded, never more than the fee", () => {
    expect(feeRefundFor(80, 1000, 1000)).toBe(80);
    expect(feeRefundFor(80, 250, 1000)).toBe(20);
    expect(feeRefundFor(79, 333, 999)).toBe(26);
    expect(feeRefundFor(0, 500, 1000)).toBe(0);
  });
});
