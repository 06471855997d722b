import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutRequest, PaymentProvider } from "~/domains/payments/server/payment-provider.server";
import { createStripeProvider } from "~/domains/payments/server/stripe-provider.server";
import { STRIPE_API_VERSION, STRIPE_WEBHOOK_MAX_FUTURE_SECONDS } from "~/server/stripe-client.server";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";

// The Stripe provider against the local Stripe stand-in (tests/support/stripe-stand-in.ts), which
// checks each request as Stripe's API does: form-encoded, the secret key, the pinned version, amounts,
// currency, the application fee and its destination, idempotency keys. Webhooks are signed like Stripe's.

let stripe: StripeStandIn;
let provider: PaymentProvider;
let seller: string;

const headersOf = (delivery: { headers: Record<string, string> }) => ({
  "stripe-signature": delivery.headers["stripe-signature"],
});

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

/** The events of the last delivery, verified by the provider. */
async function lastVerified() {
  const delivery = stripe.deliveries.at(-1)!;
  return provider.verifyWebhook(Buffer.from(delivery.body), headersOf(delivery));
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  provider = createStripeProvider({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.origin,
  })!;
  const onboarding = provider.onboarding!;
  seller = (await onboarding.createAccount({ userId: "user-seller", email: "seller@example.com" })).accountId;
  await stripe.completeOnboarding(seller);
});

afterAll(async () => {
  await stripe?.close();
});

describe("configuration", () => {
  it("is absent without a secret key", () => {
    expect(
      createStripeProvider({
        STRIPE_SECRET_KEY: undefined,
        STRIPE_WEBHOOK_SECRET: undefined,
        STRIPE_API_URL: undefined,
      }),
    ).toBeUndefined();
  });

  it("sends the secret key and the pinned API version", async () => {
    await provider.createCheckout(checkout());
    const request = stripe.requests.at(-1)!;
    expect(request.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(STRIPE_API_VERSION).toBe("2026-10-28.endive");
  });

  it("a wrong key is refused by the API", async () => {
    const wrong = createStripeProvider({
      STRIPE_SECRET_KEY: "sk_test_wrong",
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.origin,
    })!;
    await expect(wrong.createCheckout(checkout())).rejects.toThrow(/Invalid API Key/);
  });
});

describe("createCheckout", () => {
  it("creates a Checkout Session: one line item, the buyer, the order reference, the fee and the destination", async () => {
    const request = checkout({ amountCents: 1999, currency: "EUR", platformFeeCents: 160 });
    const hosted = await provider.createCheckout(request);
    expect(hosted.checkoutId).toMatch(/^cs_test_/);
    expect(hosted.redirectUrl).toBe(`${stripe.origin}/c/pay/${hosted.checkoutId}`);
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.method).toBe("POST");
    expect(sent.idempotencyKey).toBe(`sellkit-checkout-${request.orderId}`);
    expect(sent.params).toMatchObject({
      mode: "payment",
      line_items: [
        { quantity: "1", price_data: { currency: "eur", unit_amount: "1999", product_data: { name: "Field Guide" } } },
      ],
      customer_email: "buyer@example.com",
      client_reference_id: request.orderId,
      metadata: { order_id: request.orderId },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      payment_intent_data: { application_fee_amount: "160", transfer_data: { destination: seller } },
    });
    // No payment_method_types: cards, Apple Pay and Google Pay come from the dynamic payment methods.
    expect(sent.params.payment_method_types).toBeUndefined();
    const expiresAt = Number(sent.params.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    const session = stripe.sessions.get(hosted.checkoutId)!;
    expect(session).toMatchObject({ amount_total: 1999, currency: "eur", status: "open" });
  });

  it("sends no application fee on a paid plan", async () => {
    await provider.createCheckout(checkout({ platformFeeCents: 0 }));
    const sent = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(sent.params.payment_intent_data).toEqual({
      metadata: expect.any(Object),
      transfer_data: { destination: seller },
    });
  });

  it("a retried create for the same order gets the same session (idempotency key)", async () => {
    const request = checkout();
    const first = await provider.createCheckout(request);
    const second = await provider.createCheckout(request);
    expect(second.checkoutId).toBe(first.checkoutId);
  });

  it("is refused for an account that cannot take transfers yet, and below the currency's minimum", async () => {
    const pending = (await provider.onboarding!.createAccount({ userId: "user-pending", email: "pending@example.com" }))
      .accountId;
    await expect(provider.createCheckout(checkout({ sellerAccountId: pending }))).rejects.toThrow(/capabilities/);
    await expect(provider.createCheckout(checkout({ amountCents: 20 }))).rejects.toThrow(/at least 50 usd/);
  });
});

describe("getStatus", () => {
  it("open, then failed with the decline in plain words, then paid", async () => {
    const { checkoutId } = await provider.createCheckout(checkout());
    expect(await provider.getStatus(checkoutId)).toEqual({ state: "open" });
    await stripe.completeCheckout(checkoutId, { card: "4000000000009995" });
    expect(await provider.getStatus(checkoutId)).toEqual({
      state: "failed",
      failure: { code: "insufficient_funds", message: "Your card has insufficient funds." },
    });
    await stripe.completeCheckout(checkoutId, { card: "4000000000000002" });
    expect(await provider.getStatus(checkoutId)).toMatchObject({
      state: "failed",
      failure: { message: "Your card was declined." },
    });
    await stripe.completeCheckout(checkoutId, { card: "4242424242424242" });
    const session = stripe.sessions.get(checkoutId)!;
    expect(await provider.getStatus(checkoutId)).toEqual({
      state: "paid",
      paymentId: session.payment_intent,
      amountCents: 2500,
      currency: "usd",
    });
  });

  it("expired", async () => {
    const { checkoutId } = await provider.createCheckout(checkout());
    await stripe.expireCheckout(checkoutId);
    expect(await provider.getStatus(checkoutId)).toEqual({ state: "expired" });
  });
});

describe("webhooks", () => {
  it("checkout.session.completed (paid) → payment.succeeded with the PaymentIntent, the order id and the transfer's destination", async () => {
    const request = checkout({ amountCents: 4200 });
    const { checkoutId } = await provider.createCheckout(request);
    await stripe.completeCheckout(checkoutId);
    const verified = await lastVerified();
    expect(verified.type).toBe("checkout.session.completed");
    expect(verified.eventId).toMatch(/^evt_/);
    const paymentId = stripe.sessions.get(checkoutId)!.payment_intent;
    expect(verified.events).toEqual([
      {
        type: "payment.succeeded",
        checkoutId,
        paymentId,
        amountCents: 4200,
        currency: "usd",
        orderId: request.orderId,
        sellerAccountId: seller,
      },
    ]);
    expect(stripe.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${paymentId}` });
    expect(verified.payload).toMatchObject({ id: verified.eventId, type: "checkout.session.completed" });
  });

  it("payment_intent.succeeded settles a reader's card_present payment only, never an online session's", async () => {
    const signed = async (object: Record<string, unknown>) => {
      const body = JSON.stringify({
        id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return provider.verifyWebhook(Buffer.from(body), { "stripe-signature": stripe.sign(body) });
    };
    const intent = {
      id: "pi_reader",
      object: "payment_intent",
      amount: 1500,
      amount_received: 1500,
      currency: "usd",
      status: "succeeded",
      metadata: { order_id: "5f0c4a39-7a43-4d6e-8f43-2b9c1c2f8d10" },
      transfer_data: { destination: seller },
    };
    expect((await signed({ ...intent, payment_method_types: ["card_present"] })).events).toEqual([
      {
        type: "payment.succeeded",
        checkoutId: "pi_reader",
        paymentId: "pi_reader",
        amountCents: 1500,
        currency: "usd",
        orderId: "5f0c4a39-7a43-4d6e-8f43-2b9c1c2f8d10",
        sellerAccountId: seller,
      },
    ]);
    // An online Checkout Session's PaymentIntent is settled by checkout.session.completed alone.
    expect((await signed({ ...intent, payment_method_types: ["card"] })).events).toEqual([]);
  });

  it("checkout.session.expired → checkout.expired", async () => {
    const request = checkout();
    const { checkoutId } = await provider.createCheckout(request);
    await stripe.expireCheckout(checkoutId);
    expect((await lastVerified()).events).toEqual([{ type: "checkout.expired", checkoutId, orderId: request.orderId }]);
  });

  it("a forged signature, another secret, a stale timestamp and a tampered body are refused", async () => {
    const { checkoutId } = await provider.createCheckout(checkout());
    await stripe.completeCheckout(checkoutId);
    const delivery = stripe.deliveries.at(-1)!;
    const body = Buffer.from(delivery.body);
    await expect(provider.verifyWebhook(body, {})).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      provider.verifyWebhook(body, { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      provider.verifyWebhook(body, {
        "stripe-signature": stripe.sign(delivery.body, { secret: "whsec_someone_else" }),
      }),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    const stale = stripe.sign(delivery.body, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    await expect(provider.verifyWebhook(body, { "stripe-signature": stale })).rejects.toThrow(/tolerance/);
    // Signed ahead of the clock: the SDK's tolerance checks only the past; more than the allowed skew is refused.
    const ahead = (seconds: number) => ({
      "stripe-signature": stripe.sign(delivery.body, { timestamp: Math.floor(Date.now() / 1000) + seconds }),
    });
    await expect(provider.verifyWebhook(body, ahead(STRIPE_WEBHOOK_MAX_FUTURE_SECONDS + 5))).rejects.toThrow(/future/);
    await expect(provider.verifyWebhook(body, ahead(3600))).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(provider.verifyWebhook(body, ahead(STRIPE_WEBHOOK_MAX_FUTURE_SECONDS - 30))).resolves.toMatchObject({
      type: "checkout.session.completed",
    });
    const tampered = Buffer.from(delivery.body.replace(/"amount_total": \d+/, '"amount_total": 1'));
    expect(tampered.equals(body)).toBe(false);
    await expect(provider.verifyWebhook(tampered, headersOf(delivery))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    // The genuine delivery still verifies (a replay of it is the intake's business: unique event id).
    await expect(provider.verifyWebhook(body, headersOf(delivery))).resolves.toMatchObject({
      type: "checkout.session.completed",
    });
  });

  it("translates a delayed payment's completion, success and failure (a Connect event names its account)", async () => {
    const orderId = crypto.randomUUID();
    const session = {
      id: "cs_test_async",
      object: "checkout.session",
      payment_intent: "pi_async",
      amount_total: 900,
      currency: "eur",
      client_reference_id: orderId,
    };
    const send = (type: string, object: Record<string, unknown>) => {
      const body = JSON.stringify({
        id: `evt_${type}`,
        object: "event",
        type,
        account: "acct_connected",
        data: { object },
      });
      return provider.verifyWebhook(Buffer.from(body), { "stripe-signature": stripe.sign(body) });
    };
    expect((await send("checkout.session.completed", { ...session, payment_status: "unpaid" })).events).toEqual([]);
    expect(
      (await send("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" })).events,
    ).toEqual([
      {
        type: "payment.succeeded",
        checkoutId: "cs_test_async",
        paymentId: "pi_async",
        amountCents: 900,
        currency: "eur",
        orderId,
        sellerAccountId: "acct_connected",
      },
    ]);
    const failed = await send("checkout.session.async_payment_failed", { ...session, payment_status: "unpaid" });
    expect(failed.events).toEqual([
      {
        type: "payment.failed",
        checkoutId: "cs_test_async",
        failure: { code: "async_payment_failed", message: expect.any(String) },
        orderId,
        sellerAccountId: "acct_connected",
      },
    ]);
    expect((await send("customer.created", { id: "cus_1", object: "customer" })).events).toEqual([]);
  });

  it("disputes: opened, then closed won or lost", async () => {
    const { checkoutId } = await provider.createCheckout(checkout());
    await stripe.completeCheckout(checkoutId);
    const paymentId = stripe.sessions.get(checkoutId)!.payment_intent as string;
    const dispute = await stripe.openDispute(paymentId);
    expect((await lastVerified()).events).toEqual([{ type: "dispute.opened", paymentId }]);
    await stripe.closeDispute(dispute, "won");
    expect((await lastVerified()).events).toEqual([{ type: "dispute.closed", paymentId, won: true }]);
    await stripe.closeDispute(dispute, "lost");
    expect((await lastVerified()).events).toEqual([{ type: "dispute.closed", paymentId, won: false }]);
  });
});

describe("refunds", () => {
  let paidOrderId = "";
  async function paidPayment(amountCents: number, platformFeeCents: number) {
    const request = checkout({ amountCents, platformFeeCents });
    paidOrderId = request.orderId;
    const { checkoutId } = await provider.createCheckout(request);
    await stripe.completeCheckout(checkoutId);
    return stripe.sessions.get(checkoutId)!.payment_intent as string;
  }

  it("partial then full: reverses the transfer, gives the fee back in proportion, charge.refunded reports the running total and the order", async () => {
    const paymentId = await paidPayment(10_000, 800);
    const partial = await provider.refund({
      paymentId,
      amountCents: 2500,
      currency: "usd",
      feeRefundCents: 200,
      sellerAccountId: seller,
      idempotencyKey: "refund-1",
    });
    expect(partial).toEqual({ refundId: expect.stringMatching(/^re_/), status: "succeeded" });
    const sent = stripe.requests.findLast((r) => r.path === "/v1/refunds")!;
    expect(sent.params).toMatchObject({
      payment_intent: paymentId,
      amount: "2500",
      reverse_transfer: "true",
      refund_application_fee: "true",
    });
    expect(sent.idempotencyKey).toBe("sellkit-refund-refund-1");
    const first = stripe.refunds.get((partial as { refundId: string }).refundId)!;
    expect(first._application_fee_refunded).toBe(200);
    expect(first.transfer_reversal).toMatch(/^trr_/);
    expect((await lastVerified()).events).toEqual([
      { type: "payment.refunded", paymentId, refundedCents: 2500, orderId: paidOrderId, sellerAccountId: seller },
    ]);

    // The same refund retried (same key) is not made twice.
    const again = await provider.refund({
      paymentId,
      amountCents: 2500,
      currency: "usd",
      feeRefundCents: 200,
      sellerAccountId: seller,
      idempotencyKey: "refund-1",
    });
    expect(again).toEqual(partial);
    expect(stripe.charges.get(stripe.paymentIntents.get(paymentId)!.latest_charge as string)!.amount_refunded).toBe(
      2500,
    );

    const rest = await provider.refund({
      paymentId,
      amountCents: 7500,
      currency: "usd",
      feeRefundCents: 600,
      sellerAccountId: seller,
      idempotencyKey: "refund-2",
    });
    expect(rest).toMatchObject({ status: "succeeded" });
    expect(stripe.refunds.get((rest as { refundId: string }).refundId)!._application_fee_refunded).toBe(600);
    expect((await lastVerified()).events).toEqual([
      { type: "payment.refunded", paymentId, refundedCents: 10_000, orderId: paidOrderId, sellerAccountId: seller },
    ]);
  });

  it("keeps the fee when the caller gives none back; too much or twice is a failure with Stripe's code", async () => {
    const paymentId = await paidPayment(5000, 400);
    await provider.refund({
      paymentId,
      amountCents: 1000,
      currency: "usd",
      feeRefundCents: 0,
      sellerAccountId: seller,
      idempotencyKey: "refund-3",
    });
    expect(stripe.requests.findLast((r) => r.path === "/v1/refunds")!.params.refund_application_fee).toBe("false");
    const tooMuch = await provider.refund({
      paymentId,
      amountCents: 9000,
      currency: "usd",
      feeRefundCents: 0,
      sellerAccountId: seller,
      idempotencyKey: "refund-4",
    });
    expect(tooMuch).toMatchObject({ status: "failed", failure: { code: "amount_too_large" } });
    await provider.refund({
      paymentId,
      amountCents: 4000,
      currency: "usd",
      feeRefundCents: 320,
      sellerAccountId: seller,
      idempotencyKey: "refund-5",
    });
    const twice = await provider.refund({
      paymentId,
      amountCents: 100,
      currency: "usd",
      feeRefundCents: 0,
      sellerAccountId: seller,
      idempotencyKey: "refund-6",
    });
    expect(twice).toMatchObject({ status: "failed", failure: { code: "charge_already_refunded" } });
  });
});

describe("onboarding", () => {
  it("creates an Express-controlled account, an onboarding link, and reads pending then ready (account.updated)", async () => {
    const onboarding = provider.onboarding!;
    const { accountId } = await onboarding.createAccount({
      userId: "user-42",
      email: "ada@example.com",
      country: "GB",
    });
    expect(accountId).toMatch(/^acct_/);
    const created = stripe.requests.findLast((r) => r.path === "/v1/accounts")!;
    expect(created.params).toMatchObject({
      email: "ada@example.com",
      country: "GB",
      metadata: { user_id: "user-42" },
      controller: {
        stripe_dashboard: { type: "express" },
        fees: { payer: "application" },
        losses: { payments: "application" },
      },
      capabilities: { transfers: { requested: "true" } },
    });
    const url = await onboarding.onboardingUrl({
      accountId,
      returnUrl: "http://127.0.0.1:3000/payments/stripe/return",
      refreshUrl: "http://127.0.0.1:3000/payments",
    });
    expect(url).toMatch(new RegExp(`^${stripe.origin}/setup/e/${accountId}/`));
    expect(stripe.requests.findLast((r) => r.path === "/v1/account_links")!.params).toMatchObject({
      account: accountId,
      type: "account_onboarding",
    });

    expect(await onboarding.accountStatus(accountId)).toMatchObject({
      status: "pending",
      details: { chargesEnabled: false, detailsSubmitted: false },
    });
    await stripe.completeOnboarding(accountId);
    expect(await onboarding.accountStatus(accountId)).toMatchObject({
      status: "ready",
      details: { chargesEnabled: true, payoutsEnabled: true },
    });
    const verified = await lastVerified();
    expect(verified.type).toBe("account.updated");
    expect(verified.events).toEqual([
      {
        type: "account.updated",
        accountId,
        status: "ready",
        details: expect.objectContaining({ chargesEnabled: true }),
      },
    ]);
  });

  it("the same creator asking twice gets the same account (idempotency key)", async () => {
    const onboarding = provider.onboarding!;
    const first = await onboarding.createAccount({ userId: "user-twice", email: "twice@example.com" });
    const second = await onboarding.createAccount({ userId: "user-twice", email: "twice@example.com" });
    expect(second.accountId).toBe(first.accountId);
  });
});
