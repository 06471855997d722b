import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { reconcileRefunds } from "~/flows/order-lifecycle/server/reconcile-refunds.server";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import type { PaymentProvider } from "~/domains/payments/server/payment-provider.server";
import { createPayPalProvider } from "~/domains/payments/server/paypal-provider.server";
import { createStripeProvider } from "~/domains/payments/server/stripe-provider.server";
import { insertOrder } from "../../support/order-rows";
import { type PayPalStandIn, startPayPalStandIn } from "../../support/paypal-stand-in";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// A refund whose provider call failed without an answer, against the Stripe and PayPal stand-ins: the provider may
// have refunded all the same. The row is `unknown` (not failed, still held back from what is left); the refund
// reconciler asks the provider by idempotency key and settles it; the provider's refund webhook, arriving first,
// settles it too; a definite refusal stays failed. The stand-ins keep their webhooks (none is sent): each test
// delivers the one it needs, when it needs it.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;
let stripe: StripeStandIn;
let paypal: PayPalStandIn;

const META = { ipAddress: "203.0.113.7", userAgent: "vitest" };
/** When the reconciler asks about unknown refunds (they are asked about a minute after the call). */
const later = () => new Date(Date.now() + 2 * 60_000);

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query)).rows;
const orderRow = async (id: string) =>
  (
    await rows<{ status: string; refunded_cents: number }>(
      sql`select status, refunded_cents from orders where id = ${id}::uuid`,
    )
  )[0]!;
const refundRows = (orderId: string) =>
  rows<{ id: string; amount_cents: number; status: string; provider_refund_id: string | null }>(
    sql`select id, amount_cents, status, provider_refund_id from refunds where order_id = ${orderId}::uuid order by created_at`,
  );
const orderEvents = (orderId: string) =>
  rows<{ from_status: string; to_status: string; cause: string }>(
    sql`select from_status, to_status, cause from order_events where order_id = ${orderId}::uuid order by created_at, id`,
  );
const refundEvents = (orderId: string) =>
  rows<{ details: Record<string, unknown> }>(
    sql`select details from security_audit where event_type = 'order_refunded' and details->>'orderId' = ${orderId} order by created_at`,
  );

/** One provider as the tests drive it: a paid order of 10.00 USD (0.80 fee) at its stand-in and in the database. */
type Side = {
  id: "stripe" | "paypal";
  provider: () => PaymentProvider;
  paidOrder(): Promise<{ orderId: string; sellerId: string; paymentId: string; sellerAccountId: string }>;
  dropAnswers(on: boolean): void;
  /** The refunds the provider made of this payment. */
  refundsAt(paymentId: string): { id: string; amountCents: number }[];
  /** The provider's POSTs of refunds of this payment, with their idempotency key. */
  refundCalls(paymentId: string): string[];
  /** The last refund webhook the provider sent, as the app receives it. */
  lastRefundDelivery(): { body: string; headers: Record<string, string> };
};

async function seller(provider: "stripe" | "paypal", accountId: string): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Seller', ${`${id}@example.com`}, true)`,
  );
  await db.execute(
    sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${id}, ${provider}, ${accountId}, 'ready')`,
  );
  return id;
}

async function orderRowFor(sellerId: string, provider: string, orderId: string, checkoutId: string, paymentId: string) {
  await insertOrder(db, {
    id: orderId,
    userId: sellerId,
    status: "paid",
    subtotalCents: 1000,
    discountCents: 0,
    amountCents: 1000,
    platformFeeCents: 80,
    provider,
    providerCheckoutId: checkoutId,
    providerPaymentId: paymentId,
    paidAt: new Date(),
  });
}

const checkoutRequest = (orderId: string, sellerAccountId: string) => ({
  orderId,
  amountCents: 1000,
  currency: "usd",
  platformFeeCents: 80,
  description: "Field guide",
  buyerEmail: "buyer@example.com",
  sellerAccountId,
  successUrl: "http://127.0.0.1:9/checkout/done",
  cancelUrl: "http://127.0.0.1:9/checkout/cancelled",
  expiresAt: new Date(Date.now() + 60 * 60_000),
});

const stripeSide: Side = {
  id: "stripe",
  provider: () => services.payments.stripe!,
  async paidOrder() {
    const provider = services.payments.stripe!;
    const { accountId } = await provider.onboarding!.createAccount({
      userId: randomUUID(),
      email: "seller@example.com",
    });
    await stripe.completeOnboarding(accountId);
    const sellerId = await seller("stripe", accountId);
    const orderId = randomUUID();
    const { checkoutId } = await provider.createCheckout(checkoutRequest(orderId, accountId));
    await stripe.completeCheckout(checkoutId);
    const paymentId = stripe.sessions.get(checkoutId)!.payment_intent as string;
    await orderRowFor(sellerId, "stripe", orderId, checkoutId, paymentId);
    return { orderId, sellerId, paymentId, sellerAccountId: accountId };
  },
  dropAnswers(on) {
    stripe.dropRefundAnswers = on;
  },
  refundsAt: (paymentId) =>
    [...stripe.refunds.values()]
      .filter((r) => r.payment_intent === paymentId)
      .map((r) => ({ id: r.id, amountCents: r.amount as number })),
  refundCalls: (paymentId) =>
    stripe.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.params.payment_intent === paymentId)
      .map((r) => r.idempotencyKey!),
  lastRefundDelivery: () => stripe.deliveries.findLast((d) => d.event.type === "charge.refunded")!,
};

const paypalSide: Side = {
  id: "paypal",
  provider: () => services.payments.paypal!,
  async paidOrder() {
    const provider = services.payments.paypal!;
    const trackingId = randomUUID();
    const { accountId } = await provider.onboarding!.createAccount({ userId: trackingId, email: "seller@example.com" });
    const merchantId = await paypal.completeOnboarding(accountId);
    const sellerId = await seller("paypal", merchantId);
    const orderId = randomUUID();
    const { checkoutId } = await provider.createCheckout(checkoutRequest(orderId, merchantId));
    await paypal.approveOrder(checkoutId);
    const status = await provider.capture!(checkoutId);
    if (status.state !== "paid") throw new Error(`not paid: ${JSON.stringify(status)}`);
    await orderRowFor(sellerId, "paypal", orderId, checkoutId, status.paymentId);
    return { orderId, sellerId, paymentId: status.paymentId, sellerAccountId: merchantId };
  },
  dropAnswers(on) {
    paypal.dropRefundAnswers = on;
  },
  refundsAt: (paymentId) =>
    [...paypal.refunds.values()]
      .filter((r) =>
        (r.links as { rel: string; href: string }[]).some(
          (l) => l.rel === "up" && l.href.endsWith(`/captures/${paymentId}`),
        ),
      )
      .map((r) => ({ id: r.id, amountCents: Math.round(Number((r.amount as { value: string }).value) * 100) })),
  refundCalls: (paymentId) =>
    paypal.requests
      .filter((r) => r.method === "POST" && r.path === `/v2/payments/captures/${paymentId}/refund`)
      .map((r) => r.headers["paypal-request-id"]!),
  lastRefundDelivery: () =>
    paypal.deliveries.findLast((d) => JSON.parse(d.body).event_type === "PAYMENT.CAPTURE.REFUNDED")!,
};

const deliver = (side: Side, delivery: { body: string; headers: Record<string, string> }) =>
  receiveWebhook(services, side.id, Buffer.from(delivery.body), { ...delivery.headers }, {});

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  stripe = await startStripeStandIn();
  paypal = await startPayPalStandIn();
  services = makeTestServices(db, {
    payments: {
      stripe: createStripeProvider({
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.origin,
      })!,
      paypal: createPayPalProvider({
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_WEBHOOK_ID: paypal.webhookId,
        PAYPAL_API_URL: paypal.origin,
        PAYPAL_PARTNER_ID: paypal.partnerId,
      })!,
    },
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await stripe?.close();
  await paypal?.close();
  await database?.drop();
});

describe.each([stripeSide, paypalSide])("a refund at $id whose answer is lost", (side) => {
  it("is unknown and held back, then the reconciler finds it made and settles it once; the late webhook changes nothing", async () => {
    const { orderId, sellerId, paymentId } = await side.paidOrder();
    side.dropAnswers(true);
    try {
      expect(await refundOrder(services, sellerId, orderId, 400, META)).toMatchObject({
        ok: false,
        code: "REFUND_UNCONFIRMED",
      });
    } finally {
      side.dropAnswers(false);
    }
    const [refund] = await refundRows(orderId);
    expect(refund).toMatchObject({ amount_cents: 400, status: "unknown", provider_refund_id: null });
    // The provider made it once, whatever the retries: every call carried the refund row's idempotency key.
    expect(side.refundsAt(paymentId)).toHaveLength(1);
    const calls = side.refundCalls(paymentId);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(calls)).toEqual(new Set([`sellkit-refund-${refund!.id}`]));
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 0 });
    // Held back: only 6.00 is left to refund while the provider is asked.
    expect(await refundOrder(services, sellerId, orderId, 601, META)).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_TOO_HIGH",
    });

    // Too early: the provider may still be working on the call.
    expect(await reconcileRefunds(services)).toMatchObject({ ran: true, checked: 0 });
    expect(await reconcileRefunds(services, later())).toEqual({
      ran: true,
      checked: 1,
      succeeded: 1,
      failed: 0,
      errors: 0,
    });
    expect(await refundRows(orderId)).toEqual([
      { id: refund!.id, amount_cents: 400, status: "succeeded", provider_refund_id: side.refundsAt(paymentId)[0]!.id },
    ]);
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 400 });
    expect(await orderEvents(orderId)).toEqual([
      { from_status: "paid", to_status: "paid", cause: "seller_refund:reconciler" },
    ]);
    expect((await refundEvents(orderId)).map((event) => event.details)).toEqual([
      expect.objectContaining({
        refundId: refund!.id,
        amountCents: 400,
        refundedCents: 400,
        full: false,
        provider: side.id,
      }),
    ]);
    expect(await reconcileRefunds(services, later())).toMatchObject({ checked: 0 });

    // The provider's webhook of that refund, late: already counted.
    expect(await deliver(side, side.lastRefundDelivery())).toMatchObject({ ok: true, duplicate: false, errors: [] });
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 400 });
    expect(await orderEvents(orderId)).toHaveLength(1);

    // The rest refunds normally: two refunds at the provider, never a third.
    expect(await refundOrder(services, sellerId, orderId, 600, META)).toMatchObject({
      ok: true,
      refundedCents: 1000,
      full: true,
    });
    expect(side.refundsAt(paymentId).map((r) => r.amountCents)).toEqual(expect.arrayContaining([400, 600]));
    expect(side.refundsAt(paymentId)).toHaveLength(2);
    expect(await orderRow(orderId)).toEqual({ status: "refunded", refunded_cents: 1000 });
  });

  it("the provider's refund webhook arriving first settles the unknown refund: the order is refunded once", async () => {
    const { orderId, sellerId, paymentId } = await side.paidOrder();
    side.dropAnswers(true);
    try {
      expect(await refundOrder(services, sellerId, orderId, 1000, META)).toMatchObject({
        ok: false,
        code: "REFUND_UNCONFIRMED",
      });
    } finally {
      side.dropAnswers(false);
    }
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["unknown"]);

    expect(await deliver(side, side.lastRefundDelivery())).toMatchObject({ ok: true, errors: [] });
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["succeeded"]);
    expect(await orderRow(orderId)).toEqual({ status: "refunded", refunded_cents: 1000 });
    expect((await orderEvents(orderId)).map((event) => [event.from_status, event.to_status])).toEqual([
      ["paid", "refunded"],
    ]);
    expect(await refundEvents(orderId)).toHaveLength(1);
    // Nothing is left for the reconciler, and the provider refunded once.
    expect(await reconcileRefunds(services, later())).toMatchObject({ checked: 0 });
    expect(side.refundsAt(paymentId)).toHaveLength(1);
  });

  it("a definite refusal of the provider stays failed, and the reconciler leaves it alone", async () => {
    const { orderId, sellerId, paymentId, sellerAccountId } = await side.paidOrder();
    // Refunded in full in the provider's dashboard, out of the app's sight.
    await side.provider().refund({
      paymentId,
      amountCents: 1000,
      currency: "USD",
      feeRefundCents: 80,
      sellerAccountId,
      idempotencyKey: randomUUID(),
    });
    expect(await refundOrder(services, sellerId, orderId, 500, META)).toMatchObject({
      ok: false,
      code: "REFUND_PROVIDER_FAILED",
    });
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["failed"]);
    expect(await reconcileRefunds(services, later())).toMatchObject({ checked: 0 });
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 0 });
  });
});

describe("a refund at Stripe that never reached it", () => {
  it("is unknown after Stripe's outage, then settled failed (Stripe has no such refund), and its amount can be refunded again", async () => {
    const { orderId, sellerId, paymentId } = await stripeSide.paidOrder();
    stripe.outage = true;
    try {
      expect(await refundOrder(services, sellerId, orderId, 1000, META)).toMatchObject({
        ok: false,
        code: "REFUND_UNCONFIRMED",
      });
    } finally {
      stripe.outage = false;
    }
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["unknown"]);
    expect(await reconcileRefunds(services, later())).toEqual({
      ran: true,
      checked: 1,
      succeeded: 0,
      failed: 1,
      errors: 0,
    });
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["failed"]);
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 0 });
    expect(await refundEvents(orderId)).toHaveLength(0);
    expect(await refundOrder(services, sellerId, orderId, 1000, META)).toMatchObject({ ok: true, full: true });
    expect(stripeSide.refundsAt(paymentId)).toHaveLength(1);
  });
});
