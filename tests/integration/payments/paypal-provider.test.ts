import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutRequest, PaymentProvider } from "~/domains/payments/server/payment-provider.server";
import { centsOf, paypalAmount } from "~/domains/payments/server/paypal-amounts.server";
import { createPayPalProvider } from "~/domains/payments/server/paypal-provider.server";
import { type PayPalStandIn, startPayPalStandIn } from "../../support/paypal-stand-in";

// The PayPal provider (Orders v2 through its own fetch client) against the local PayPal stand-in
// (tests/support/paypal-stand-in.ts), which checks tokens, amounts, currency, payee, platform fee, idempotency
// (PayPal-Request-Id) and the auth assertion of refunds made for a seller, and verifies only webhooks it sent.

let paypal: PayPalStandIn;
let provider: PaymentProvider;
let seller: string;

const headersOf = (delivery: { headers: Record<string, string> }) => ({ ...delivery.headers });
const lastVerified = () => {
  const delivery = paypal.deliveries.at(-1)!;
  return provider.verifyWebhook(Buffer.from(delivery.body), headersOf(delivery));
};

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    orderId: crypto.randomUUID(),
    amountCents: 2500,
    currency: "usd",
    platformFeeCents: 200,
    description: "Field Guide",
    buyerEmail: "buyer@example.com",
    sellerAccountId: seller,
    successUrl: "http://127.0.0.1:3000/checkout/done",
    cancelUrl: "http://127.0.0.1:3000/checkout/cancelled",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    ...overrides,
  };
}

async function paidOrder(overrides: Partial<CheckoutRequest> = {}) {
  const request = checkout(overrides);
  const { checkoutId } = await provider.createCheckout(request);
  await paypal.approveOrder(checkoutId);
  const status = await provider.capture!(checkoutId);
  if (status.state !== "paid") throw new Error(`not paid: ${JSON.stringify(status)}`);
  return { checkoutId, captureId: status.paymentId, orderId: request.orderId };
}

beforeAll(async () => {
  paypal = await startPayPalStandIn();
  provider = createPayPalProvider({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.origin,
    PAYPAL_PARTNER_ID: paypal.partnerId,
  })!;
  const { accountId } = await provider.onboarding!.createAccount({ userId: "seller-1", email: "seller@example.com" });
  seller = await paypal.completeOnboarding(accountId);
});

afterAll(async () => {
  await paypal?.close();
});

describe("the client", () => {
  it("amounts are decimal strings from minor units and back, without floats", () => {
    expect(paypalAmount(1250, "usd")).toEqual({ currency_code: "USD", value: "12.50" });
    expect(paypalAmount(5, "eur")).toEqual({ currency_code: "EUR", value: "0.05" });
    expect(paypalAmount(1500, "jpy")).toEqual({ currency_code: "JPY", value: "1500" });
    expect(centsOf({ currency_code: "USD", value: "19.99" })).toBe(1999);
    expect(centsOf({ currency_code: "USD", value: "7" })).toBe(700);
    expect(centsOf({ currency_code: "GBP", value: "0.1" })).toBe(10);
  });

  it("is absent without credentials, and caches its token until it nearly expires", async () => {
    expect(
      createPayPalProvider({
        PAYPAL_CLIENT_ID: undefined,
        PAYPAL_CLIENT_SECRET: undefined,
        PAYPAL_WEBHOOK_ID: undefined,
        PAYPAL_API_URL: undefined,
        PAYPAL_PARTNER_ID: undefined,
      }),
    ).toBeUndefined();
    const fresh = createPayPalProvider({ ...paypal.env } as never)!;
    const before = paypal.tokensIssued;
    const { checkoutId } = await fresh.createCheckout(checkout());
    await fresh.getStatus(checkoutId);
    await fresh.getStatus(checkoutId);
    expect(paypal.tokensIssued).toBe(before + 1);
    // A token that lives 61 s is renewed a minute early: the next call asks for a new one.
    paypal.tokenLifetime = 61;
    const shortLived = createPayPalProvider({ ...paypal.env } as never)!;
    await shortLived.getStatus(checkoutId);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await shortLived.getStatus(checkoutId);
    expect(paypal.tokensIssued).toBe(before + 3);
    paypal.tokenLifetime = 32_400;
  });

  it("wrong credentials are refused", async () => {
    const wrong = createPayPalProvider({ ...paypal.env, PAYPAL_CLIENT_SECRET: "nope" } as never)!;
    await expect(wrong.createCheckout(checkout())).rejects.toThrow(/Client Authentication failed/);
  });
});

describe("createCheckout, capture, getStatus", () => {
  it("creates an order paid to the seller with the platform fee, idempotent per order, and returns the payer-action link", async () => {
    const request = checkout({ amountCents: 1999, currency: "eur", platformFeeCents: 160 });
    const hosted = await provider.createCheckout(request);
    expect(hosted.redirectUrl).toBe(`${paypal.origin}/checkoutnow?token=${hosted.checkoutId}`);
    const sent = paypal.requests.findLast((r) => r.path === "/v2/checkout/orders")!;
    expect(sent.headers["paypal-request-id"]).toBe(`sellkit-order-${request.orderId}`);
    expect(sent.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          custom_id: request.orderId,
          invoice_id: request.orderId,
          amount: { currency_code: "EUR", value: "19.99" },
          payee: { merchant_id: seller },
          payment_instruction: { platform_fees: [{ amount: { currency_code: "EUR", value: "1.60" } }] },
        },
      ],
      payment_source: {
        paypal: {
          email_address: "buyer@example.com",
          experience_context: { return_url: request.successUrl, cancel_url: request.cancelUrl },
        },
      },
    });
    expect((await provider.createCheckout(request)).checkoutId).toBe(hosted.checkoutId);
  });

  it("no platform fee on a paid plan; an unknown payee is refused", async () => {
    await provider.createCheckout(checkout({ platformFeeCents: 0 }));
    const unit = (
      paypal.requests.findLast((r) => r.path === "/v2/checkout/orders")!.body as {
        purchase_units: Record<string, unknown>[];
      }
    ).purchase_units[0]!;
    expect(unit.payment_instruction).toBeUndefined();
    await expect(provider.createCheckout(checkout({ sellerAccountId: "NOSUCHMERCHANT" }))).rejects.toThrow(
      /restricted/,
    );
  });

  it("open before approval (capture refused as not approved), approved then, paid after capture, capture again is harmless", async () => {
    const { checkoutId } = await provider.createCheckout(checkout({ amountCents: 4200 }));
    expect(await provider.getStatus(checkoutId)).toEqual({ state: "open" });
    expect(await provider.capture!(checkoutId)).toEqual({ state: "open" });
    await paypal.approveOrder(checkoutId);
    // Approved, not captured: the app is told to capture it.
    expect(await provider.getStatus(checkoutId)).toEqual({ state: "open", approved: true });
    const paid = await provider.capture!(checkoutId);
    expect(paid).toEqual({
      state: "paid",
      paymentId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amountCents: 4200,
      currency: "usd",
    });
    expect(paypal.requests.findLast((r) => r.path.endsWith("/capture"))!.headers["paypal-request-id"]).toBe(
      `sellkit-capture-${checkoutId}`,
    );
    expect(await provider.capture!(checkoutId)).toEqual(paid);
    expect(await provider.getStatus(checkoutId)).toEqual(paid);
    expect(paypal.captures.size).toBeGreaterThan(0);
  });

  it("a declined funding source fails in plain words; an unknown order reads as expired", async () => {
    const { checkoutId } = await provider.createCheckout(checkout());
    await paypal.approveOrder(checkoutId, { decline: true });
    expect(await provider.capture!(checkoutId)).toEqual({
      state: "failed",
      failure: {
        code: "INSTRUMENT_DECLINED",
        message: "PayPal declined this payment. Please try again with another payment method.",
      },
    });
    expect(await provider.getStatus("5O190127TN364715T")).toEqual({ state: "expired" });
  });
});

describe("webhooks", () => {
  it("verified by PayPal's API; approval moves nothing, the capture is payment.succeeded with the order id and the payee", async () => {
    const request = checkout({ amountCents: 3100 });
    const { checkoutId } = await provider.createCheckout(request);
    await paypal.approveOrder(checkoutId);
    const approved = await lastVerified();
    expect(approved).toMatchObject({ type: "CHECKOUT.ORDER.APPROVED", events: [] });
    expect(approved.eventId).toMatch(/^WH-/);
    const status = await provider.capture!(checkoutId);
    const verified = await lastVerified();
    expect(verified.type).toBe("PAYMENT.CAPTURE.COMPLETED");
    expect(verified.events).toEqual([
      {
        type: "payment.succeeded",
        checkoutId,
        paymentId: (status as { paymentId: string }).paymentId,
        amountCents: 3100,
        currency: "usd",
        orderId: request.orderId,
        sellerAccountId: seller,
      },
    ]);
    const verification = paypal.requests.findLast((r) => r.path === "/v1/notifications/verify-webhook-signature")!;
    expect(verification.body).toMatchObject({ webhook_id: paypal.webhookId, auth_algo: "SHA256withRSA" });
  });

  it("a forged signature, a tampered body, a stale or future transmission and missing headers are refused", async () => {
    await paidOrder();
    const delivery = paypal.deliveries.at(-1)!;
    const body = Buffer.from(delivery.body);
    await expect(
      provider.verifyWebhook(body, { ...delivery.headers, "paypal-transmission-sig": "Zm9yZ2Vk" }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    const tampered = Buffer.from(delivery.body.replace(/"value":"25.00"/, '"value":"2500.00"'));
    expect(tampered.equals(body)).toBe(false);
    await expect(provider.verifyWebhook(tampered, headersOf(delivery))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    const stale = new Date(Date.now() - 301_000).toISOString();
    await expect(
      provider.verifyWebhook(body, { ...delivery.headers, "paypal-transmission-time": stale }),
    ).rejects.toThrow(/tolerance/);
    const ahead = new Date(Date.now() + 301_000).toISOString();
    await expect(
      provider.verifyWebhook(body, { ...delivery.headers, "paypal-transmission-time": ahead }),
    ).rejects.toThrow(/tolerance/);
    await expect(
      provider.verifyWebhook(body, { ...delivery.headers, "paypal-transmission-id": undefined }),
    ).rejects.toThrow(/Missing/);
    await expect(provider.verifyWebhook(Buffer.from("not json"), headersOf(delivery))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(provider.verifyWebhook(body, headersOf(delivery))).resolves.toMatchObject({
      type: "PAYMENT.CAPTURE.COMPLETED",
    });
  });

  it("disputes: created, resolved for the seller or the buyer", async () => {
    const { captureId } = await paidOrder();
    await paypal.openDispute(captureId);
    expect((await lastVerified()).events).toEqual([{ type: "dispute.opened", paymentId: captureId }]);
    await paypal.resolveDispute(captureId, "RESOLVED_SELLER_FAVOUR");
    expect((await lastVerified()).events).toEqual([{ type: "dispute.closed", paymentId: captureId, won: true }]);
    await paypal.resolveDispute(captureId, "RESOLVED_BUYER_FAVOUR");
    expect((await lastVerified()).events).toEqual([{ type: "dispute.closed", paymentId: captureId, won: false }]);
  });
});

describe("refunds", () => {
  it("partial then full, on the seller's behalf, fee returned as asked, running total in PAYMENT.CAPTURE.REFUNDED, the order read from its capture", async () => {
    const { captureId, orderId } = await paidOrder({ amountCents: 10_000, platformFeeCents: 800 });
    const partial = await provider.refund({
      paymentId: captureId,
      amountCents: 2500,
      currency: "usd",
      feeRefundCents: 200,
      sellerAccountId: seller,
      idempotencyKey: "pp-refund-1",
    });
    expect(partial).toEqual({ refundId: expect.any(String), status: "succeeded" });
    const sent = paypal.requests.findLast((r) => r.path.endsWith("/refund"))!;
    expect(sent.headers["paypal-request-id"]).toBe("sellkit-refund-pp-refund-1");
    expect(sent.headers["paypal-auth-assertion"]).toBeTruthy();
    expect(sent.body).toMatchObject({
      amount: { currency_code: "USD", value: "25.00" },
      payment_instruction: { platform_fees: [{ amount: { value: "2.00" } }] },
    });
    expect((await lastVerified()).events).toEqual([
      { type: "payment.refunded", paymentId: captureId, refundedCents: 2500, orderId, sellerAccountId: seller },
    ]);

    expect(
      await provider.refund({
        paymentId: captureId,
        amountCents: 2500,
        currency: "usd",
        feeRefundCents: 200,
        sellerAccountId: seller,
        idempotencyKey: "pp-refund-1",
      }),
    ).toEqual(partial);
    const rest = await provider.refund({
      paymentId: captureId,
      amountCents: 7500,
      currency: "usd",
      feeRefundCents: 600,
      sellerAccountId: seller,
      idempotencyKey: "pp-refund-2",
    });
    expect(rest).toMatchObject({ status: "succeeded" });
    expect((await lastVerified()).events).toEqual([
      { type: "payment.refunded", paymentId: captureId, refundedCents: 10_000, orderId, sellerAccountId: seller },
    ]);
    const again = await provider.refund({
      paymentId: captureId,
      amountCents: 100,
      currency: "usd",
      feeRefundCents: 0,
      sellerAccountId: seller,
      idempotencyKey: "pp-refund-3",
    });
    expect(again).toMatchObject({ status: "failed", failure: { code: "CAPTURE_FULLY_REFUNDED" } });
  });

  it("too much, or without acting for the seller, is refused with PayPal's issue", async () => {
    const { captureId } = await paidOrder({ amountCents: 5000 });
    expect(
      await provider.refund({
        paymentId: captureId,
        amountCents: 9000,
        currency: "usd",
        feeRefundCents: 0,
        sellerAccountId: seller,
        idempotencyKey: "pp-refund-4",
      }),
    ).toMatchObject({
      status: "failed",
      failure: { code: "REFUND_AMOUNT_EXCEEDED" },
    });
    expect(
      await provider.refund({
        paymentId: captureId,
        amountCents: 100,
        currency: "usd",
        feeRefundCents: 0,
        sellerAccountId: null,
        idempotencyKey: "pp-refund-5",
      }),
    ).toMatchObject({
      status: "failed",
      failure: { code: "PERMISSION_DENIED" },
    });
  });
});

describe("onboarding (partner referrals)", () => {
  it("a referral link, pending until PayPal knows the merchant, then ready with the merchant id; consent revoked → pending", async () => {
    const onboarding = provider.onboarding!;
    const { accountId } = await onboarding.createAccount({ userId: "user-77", email: "ada@example.com" });
    expect(accountId).toBe("sellkit-user-77");
    const url = await onboarding.onboardingUrl({
      accountId,
      returnUrl: "http://127.0.0.1:3000/payments/paypal/return",
      refreshUrl: "http://127.0.0.1:3000/payments",
    });
    expect(url).toMatch(new RegExp(`^${paypal.origin}/bizsignup/partner/entry\\?referralToken=`));
    expect(paypal.requests.findLast((r) => r.path === "/v2/customer/partner-referrals")!.body).toMatchObject({
      tracking_id: accountId,
      email: "ada@example.com",
      products: ["EXPRESS_CHECKOUT"],
      partner_config_override: { return_url: "http://127.0.0.1:3000/payments/paypal/return" },
      operations: [
        {
          api_integration_preference: {
            rest_api_integration: { third_party_details: { features: ["PAYMENT", "REFUND", "PARTNER_FEE"] } },
          },
        },
      ],
    });
    expect(await onboarding.accountStatus(accountId)).toEqual({ status: "pending", details: { onboarded: false } });

    const merchantId = await paypal.completeOnboarding(accountId);
    expect((await lastVerified()).events).toEqual([
      {
        type: "account.updated",
        accountId: merchantId,
        status: "ready",
        details: { trackingId: accountId, consentRevoked: false },
      },
    ]);
    expect(await onboarding.accountStatus(accountId)).toMatchObject({
      status: "ready",
      details: { accountId: merchantId, paymentsReceivable: true },
    });
    expect(await onboarding.accountStatus(merchantId)).toMatchObject({ status: "ready" });
    expect(
      paypal.requests.some(
        (r) => r.path === `/v1/customer/partners/${paypal.partnerId}/merchant-integrations?tracking_id=${accountId}`,
      ),
    ).toBe(true);

    await paypal.revokeConsent(merchantId);
    expect((await lastVerified()).events).toEqual([
      {
        type: "account.updated",
        accountId: merchantId,
        status: "pending",
        details: { trackingId: accountId, consentRevoked: true },
      },
    ]);
  });

  it("without a partner id there is no onboarding", () => {
    expect(createPayPalProvider({ ...paypal.env, PAYPAL_PARTNER_ID: undefined } as never)!.onboarding).toBeUndefined();
  });
});
