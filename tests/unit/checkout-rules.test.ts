import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { checkoutSubtotal } from "~/flows/checkout/checkout-subtotal";
import { canTransition, ORDER_STATUSES, type OrderStatus } from "~/domains/orders/order-status";
import { platformFee } from "~/domains/orders/platform-fee";
import { planOf } from "~/lib/plans";
import { AMOUNT_FIELD_MAX, checkoutSchema, DISCOUNT_CODE_FIELD_MAX } from "~/flows/checkout/schemas/checkout";
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/lib/form-fields";
import {
  CARD_FIELD_MAX,
  CARD_NAME_TOO_LONG_MESSAGE,
  CARD_NUMBER_MESSAGE,
  CVC_TOO_LONG_MESSAGE,
  EXPIRY_INVALID_MESSAGE,
  EXPIRY_PAST_MESSAGE,
  testCardSchema,
  testCheckoutSchema,
} from "~/domains/payments/schemas/test-card";
import { TEST_CARD_FAILURES, testCardOutcome } from "~/domains/payments/test-cards";

// The order state machine's rules, the platform fee's rounding, the checkout's prices and the test cards.

describe("order state machine", () => {
  const allowed = (to: OrderStatus) => ORDER_STATUSES.filter((from) => canTransition(from, to));

  it("fulfils from pending, from expired (a late payment) and from a won dispute, never from refunded", () => {
    expect(allowed("paid")).toEqual(["pending", "disputed", "expired"]);
    expect(canTransition("refunded", "paid")).toBe(false);
    expect(canTransition("paid", "paid")).toBe(false);
  });

  it("expires only pending orders, and nothing moves back to pending", () => {
    expect(allowed("expired")).toEqual(["pending"]);
    expect(allowed("pending")).toEqual([]);
  });

  it("refunds or disputes in any order of events, but never twice", () => {
    expect(allowed("refunded")).toEqual(["pending", "paid", "disputed", "expired"]);
    expect(allowed("disputed")).toEqual(["pending", "paid", "expired"]);
    expect(canTransition("refunded", "refunded")).toBe(false);
    expect(canTransition("refunded", "disputed")).toBe(false);
  });
});

describe("platform fee", () => {
  it("is 8% on Starter, rounded half up, and nothing on the paid plans", () => {
    expect(platformFee(1250, "starter")).toBe(100);
    expect(platformFee(1256, "starter")).toBe(100); // 100.48
    expect(platformFee(1257, "starter")).toBe(101); // 100.56
    expect(platformFee(1881, "starter")).toBe(150); // 150.48
    expect(platformFee(1875, "starter")).toBe(150); // exactly 150
    expect(platformFee(1869, "starter")).toBe(150); // 149.52 → 150
    expect(platformFee(50, "starter")).toBe(4);
    expect(platformFee(1250, "pro")).toBe(0);
    expect(platformFee(99_999, "business")).toBe(0);
    expect(platformFee(0, "starter")).toBe(0);
  });

  it("rounds to the nearest minor unit on small amounts", () => {
    expect(platformFee(19, "starter")).toBe(2); // 1.52
    expect(platformFee(18, "starter")).toBe(1); // 1.44
  });

  it("treats an unknown or missing plan as Starter", () => {
    expect(planOf(null)).toBe("starter");
    expect(planOf("__proto__")).toBe("starter");
    expect(planOf("pro")).toBe("pro");
  });
});

describe("checkout subtotal", () => {
  const fixed = { pricing: "fixed", priceCents: 1250, minPriceCents: null, suggestedPriceCents: null, currency: "USD" };
  const pwyw = { pricing: "pwyw", priceCents: 0, minPriceCents: 300, suggestedPriceCents: 800, currency: "USD" };

  it("takes a fixed price from the product, whatever the form says", () => {
    expect(checkoutSubtotal(fixed, "0.01")).toEqual({ ok: true, subtotalCents: 1250 });
    expect(checkoutSubtotal({ ...fixed, pricing: "free", priceCents: 0 }, "99")).toEqual({
      ok: true,
      subtotalCents: 0,
    });
  });

  it("parses a pay-what-you-want amount and refuses less than the minimum", () => {
    expect(checkoutSubtotal(pwyw, "8")).toEqual({ ok: true, subtotalCents: 800 });
    expect(checkoutSubtotal(pwyw, "12,50")).toEqual({ ok: true, subtotalCents: 1250 });
    expect(checkoutSubtotal(pwyw, "2.99")).toMatchObject({
      ok: false,
      code: "CHECKOUT_AMOUNT_TOO_LOW",
      message: "Please enter at least the minimum price: $3.00.",
    });
    expect(checkoutSubtotal(pwyw, "")).toMatchObject({ ok: false, code: "CHECKOUT_AMOUNT_INVALID" });
    expect(checkoutSubtotal(pwyw, "-5")).toMatchObject({ ok: false, code: "CHECKOUT_AMOUNT_INVALID" });
    expect(checkoutSubtotal(pwyw, "1e3")).toMatchObject({ ok: false, code: "CHECKOUT_AMOUNT_INVALID" });
    expect(checkoutSubtotal(pwyw, "100001")).toMatchObject({ ok: false, code: "CHECKOUT_AMOUNT_INVALID" });
  });

  it("with a minimum of 0: 0 is free, otherwise at least the currency's chargeable minimum", () => {
    const open = { ...pwyw, minPriceCents: 0, currency: "CZK" };
    expect(checkoutSubtotal(open, "0")).toEqual({ ok: true, subtotalCents: 0 });
    expect(checkoutSubtotal(open, "10")).toMatchObject({ ok: false, code: "CHECKOUT_AMOUNT_TOO_LOW" });
    expect(checkoutSubtotal(open, "15")).toEqual({ ok: true, subtotalCents: 1500 });
  });
});

describe("checkout form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    const submission = parseWithZod(data, { schema: checkoutSchema });
    return submission.status === "success"
      ? ({ success: true, data: submission.value } as const)
      : ({ success: false, error: submission.error } as const);
  };

  it("applies a code without an email, pays only with an email, and knows its providers", () => {
    expect(form({ intent: "apply", discountCode: "SAVE10" }).success).toBe(true);
    expect(form({ email: "buyer@example.com", provider: "test" })).toMatchObject({
      success: true,
      data: { intent: "pay", email: "buyer@example.com" },
    });
    expect(form({ email: "nope", provider: "test" }).success).toBe(false);
    expect(form({ email: "buyer@example.com", provider: "bitcoin" }).success).toBe(false);
  });

  it("refuses each over-long field with its own message, for Apply and for pay", () => {
    const long = {
      email: `${"a".repeat(MAX_EMAIL_LENGTH)}@example.com`,
      amount: "1".repeat(AMOUNT_FIELD_MAX + 1),
      discountCode: "S".repeat(DISCOUNT_CODE_FIELD_MAX + 1),
    };
    for (const intent of ["apply", "pay"]) {
      expect(form({ intent, provider: "test", ...long })).toEqual({
        success: false,
        error: {
          email: [INVALID_EMAIL_MESSAGE],
          amount: ["Please enter an amount, like 12 or 12.50."],
          discountCode: ["This discount code is not valid."],
        },
      });
    }
  });

  it("has no price field: a posted price is not read", () => {
    const parsed = form({ email: "buyer@example.com", provider: "test", price: "0.01", amountCents: "1" });
    expect(parsed.success && Object.keys(parsed.data).sort()).toEqual(["email", "intent", "provider", "quantity"]);
  });
});

describe("test provider cards", () => {
  it("decides the outcome by Stripe's test numbers, with or without spaces", () => {
    expect(testCardOutcome("4242 4242 4242 4242")).toBe("pay");
    expect(testCardOutcome("4242424242424242")).toBe("pay");
    expect(testCardOutcome("4000-0000-0000-0002")).toBe("decline");
    expect(testCardOutcome("4000 0000 0000 9995")).toBe("insufficient_funds");
    expect(testCardOutcome("4000 0025 0000 3155")).toBe("authenticate");
    expect(testCardOutcome("4111 1111 1111 1111")).toBe("incorrect_number");
  });

  it("says each failure in the spec's plain words", () => {
    expect(TEST_CARD_FAILURES.card_declined).toBe("Your card was declined.");
    expect(TEST_CARD_FAILURES.insufficient_funds).toBe("Your card has insufficient funds.");
    expect(TEST_CARD_FAILURES.incorrect_number).toBe("Your card number is incorrect.");
  });

  it("checks the expiry, CVC and name", () => {
    const schema = testCardSchema(() => new Date("2026-11-23T00:00:00Z"));
    const valid = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", cardName: "Ada" };
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, expiry: "11/26" }).success).toBe(true); // valid through its month
    const past = schema.safeParse({ ...valid, expiry: "10/26" });
    expect(past.success ? null : past.error.issues[0]?.message).toBe(EXPIRY_PAST_MESSAGE);
    expect(schema.safeParse({ ...valid, expiry: "13/30" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, cvc: "12" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, cvc: "12a" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, cardName: " " }).success).toBe(false);
    expect(schema.safeParse({ ...valid, cardNumber: "4242" }).success).toBe(false);
  });

  it("refuses an over-long field with one message of its own, never a clipped value", () => {
    const schema = testCardSchema(() => new Date("2026-11-23T00:00:00Z"));
    const valid = {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
      cardName: "A".repeat(CARD_FIELD_MAX.cardName),
    };
    expect(schema.safeParse(valid).success).toBe(true);
    const messages = (input: Record<string, string>) => {
      const parsed = schema.safeParse({ ...valid, ...input });
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    };
    expect(messages({ cardName: "A".repeat(CARD_FIELD_MAX.cardName + 1) })).toEqual([
      `cardName: ${CARD_NAME_TOO_LONG_MESSAGE}`,
    ]);
    expect(messages({ cardNumber: "4".repeat(CARD_FIELD_MAX.cardNumber + 1) })).toEqual([
      `cardNumber: ${CARD_NUMBER_MESSAGE}`,
    ]);
    expect(messages({ expiry: "12 / 2030" })).toEqual([`expiry: ${EXPIRY_INVALID_MESSAGE}`]);
    expect(messages({ cvc: "12345" })).toEqual([`cvc: ${CVC_TOO_LONG_MESSAGE}`]);
  });

  it("reads the extra step's answer: only 'complete' completes it", () => {
    const schema = testCheckoutSchema();
    expect(schema.parse({ intent: "authenticate", result: "complete" })).toEqual({
      intent: "authenticate",
      result: "complete",
    });
    expect(schema.parse({ intent: "authenticate", result: "anything" })).toEqual({
      intent: "authenticate",
      result: "fail",
    });
    expect(schema.parse({ intent: "authenticate" })).toEqual({ intent: "authenticate", result: "fail" });
    expect(schema.safeParse({ intent: "refund" }).success).toBe(false);
  });
});
