import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { revokedMessage } from "~/domains/delivery/content/delivery-rules";
import { reconcilePendingOrders } from "~/flows/order-lifecycle/server/reconcile-pending-orders.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import { syncOrderStatus } from "~/flows/order-lifecycle/server/sync-order-status.server";
import { refreshPaymentAccount } from "~/domains/payments/server/refresh-payment-account.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { type PayPalDelivery, type PayPalStandIn, startPayPalStandIn } from "../../support/paypal-stand-in";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// The same purchase through the PayPal path against the PayPal stand-in, end to end through
// the real app — the buyer's checkout form, PayPal's approval, the app's capture (on the buyer's return, or by the
// reconciler when the buyer never comes back), PayPal's webhooks verified by its verify-webhook-signature API;
// duplicated, reordered and forged webhooks; a declined funding source; the seller's refund on their behalf with
// the fee given back, revoking the downloads; a dispute opened and resolved. Stripe runs beside it: a seller ready
// at both is offered both buttons.

let mail: MailCatcher;
let paypal: PayPalStandIn;
let stripe: StripeStandIn;
let server: TestServer;
let webhookUrl: string;

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const buyPath = (s: Seller) => `/s/${s.handle}/${s.slug}/buy`;
const META = { ipAddress: "203.0.113.10", userAgent: "vitest" };
const DECLINED = "PayPal declined this payment. Please try again with another payment method.";

type OrderRow = {
  status: string;
  amount_cents: number;
  refunded_cents: number;
  provider_payment_id: string | null;
  failure_message: string | null;
};
const orderRow = async (id: string) => (await rows<OrderRow>(sql`select * from orders where id = ${id}::uuid`))[0]!;
const receipts = async (email: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${email} and subject like 'Your receipt%'`,
    )
  )[0]!.n;
const accessTokens = async (orderId: string) =>
  (
    await rows<{ n: number }>(sql`select count(*)::int as n from order_access_tokens where order_id = ${orderId}::uuid`)
  )[0]!.n;
const webhookCount = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events where provider = 'paypal'`))[0]!.n;

/**
 * A seller who went through PayPal's partner referral: tracking id first, the merchant id once the return refreshes it.
 */
async function readySeller(options: { stripeToo?: boolean } = {}): Promise<Seller & { merchantId: string }> {
  const seller = await createSeller(server.db, { priceCents: 2000 });
  const { accountId: trackingId } = await server.services.payments.paypal!.onboarding!.createAccount({
    userId: seller.id,
    email: `${seller.handle}@example.com`,
  });
  await server.db.execute(
    sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${seller.id}, 'paypal', ${trackingId}, 'pending')`,
  );
  const merchantId = await paypal.completeOnboarding(trackingId);
  expect(await refreshPaymentAccount(server.sourceServices(), seller.id, "paypal", META)).toMatchObject({
    ok: true,
    status: "ready",
  });
  if (options.stripeToo) {
    const { accountId } = await server.services.payments.stripe!.onboarding!.createAccount({
      userId: seller.id,
      email: `${seller.handle}@example.com`,
    });
    await server.db.execute(
      sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${seller.id}, 'stripe', ${accountId}, 'pending')`,
    );
    await stripe.completeOnboarding(accountId);
  }
  return { ...seller, merchantId };
}

/** The buyer's checkout form with "Pay with PayPal": answers the redirect to PayPal's approval page. */
async function startCheckout(seller: Seller, email: string) {
  const response = await postForm(server, buyPath(seller), { provider: "paypal", email }, { ip: ip() });
  expect(response.status, await response.clone().text()).toBe(302);
  const approval = new URL(response.headers.get("location")!);
  expect(approval.origin).toBe(paypal.origin);
  const paypalOrderId = approval.searchParams.get("token")!;
  expect(paypalOrderId).toMatch(/^[A-Z0-9]{17}$/);
  const [order] = await rows<{ id: string }>(
    sql`select id from orders where provider = 'paypal' and provider_checkout_id = ${paypalOrderId}`,
  );
  return { paypalOrderId, orderId: order!.id };
}

/** Where PayPal sends the buyer after approval: the return URL with its token and PayerID appended. */
function returnPath(paypalOrderId: string, which: "_returnUrl" | "_cancelUrl" = "_returnUrl") {
  const url = new URL(String(paypal.orders.get(paypalOrderId)![which]));
  expect(url.origin).toBe(server.origin);
  url.searchParams.set("token", paypalOrderId);
  if (which === "_returnUrl") url.searchParams.set("PayerID", "QYR5Z8XDVJNXQ");
  return `${url.pathname}${url.search}`;
}

function redeliver(delivery: PayPalDelivery, overrides: { body?: string; headers?: Record<string, string> } = {}) {
  return fetch(webhookUrl, {
    method: "POST",
    headers: { ...delivery.headers, ...overrides.headers },
    body: overrides.body ?? delivery.body,
  });
}
const deliveryOf = (type: string, id: string) =>
  paypal.deliveries.findLast((d) => d.body.includes(`"event_type":"${type}"`) && d.body.includes(id))!;

beforeAll(async () => {
  mail = await startMailCatcher();
  paypal = await startPayPalStandIn();
  stripe = await startStripeStandIn();
  server = await startTestServer({
    ...paypal.env,
    ...stripe.env,
    PAYMENTS_TEST_MODE: "off",
    SMTP_URL: mail.url,
    TRUSTED_PROXIES: "loopback",
    STORE_PAGE_CACHE_SECONDS: "0",
  });
  webhookUrl = `${server.origin}/api/webhooks/paypal`;
  stripe.webhookUrl = `${server.origin}/api/webhooks/stripe`;
});
// A test that holds the webhooks back (to deliver them itself) gets them flowing again for the next.
beforeEach(() => {
  if (paypal && webhookUrl) paypal.webhookUrl = webhookUrl;
});
afterAll(async () => {
  await server?.stop();
  await paypal?.close();
  await stripe?.close();
  await mail?.stop();
});

describe("a purchase through PayPal", () => {
  it("both providers ready: 'Pay with card' and 'Pay with PayPal'; approval moves nothing, the buyer's return captures and pays", async () => {
    const seller = await readySeller({ stripeToo: true });
    const page = await (await server.request(buyPath(seller))).text();
    expect(page).toContain("Pay with card");
    expect(page).toContain("Pay with PayPal");
    expect(page).not.toContain("TEST MODE");

    const email = "paypal-buyer@example.com";
    const { paypalOrderId, orderId } = await startCheckout(seller, email);
    const created = paypal.requests.findLast((r) => r.method === "POST" && r.path === "/v2/checkout/orders")!;
    expect(created.headers["paypal-request-id"]).toBe(`sellkit-order-${orderId}`);
    expect(created.body).toMatchObject({
      intent: "CAPTURE",
      purchase_units: [
        {
          custom_id: orderId,
          invoice_id: orderId,
          amount: { currency_code: "USD", value: "20.00" },
          payee: { merchant_id: seller.merchantId },
          payment_instruction: { platform_fees: [{ amount: { currency_code: "USD", value: "1.60" } }] },
        },
      ],
      payment_source: {
        paypal: {
          email_address: email,
          experience_context: { return_url: expect.stringContaining(`/checkout/${orderId}?key=`) },
        },
      },
    });

    // Approved on PayPal's page: the webhook is received and moves nothing (no money moved yet).
    await paypal.approveOrder(paypalOrderId);
    expect(
      (
        await rows<{ error: string | null }>(
          sql`select error from webhook_events where type = 'CHECKOUT.ORDER.APPROVED' and payload::text like ${`%${paypalOrderId}%`}`,
        )
      ).length,
    ).toBe(1);
    expect((await orderRow(orderId)).status).toBe("pending");

    // The buyer is back before any capture webhook: the return page captures, and its answer pays the order.
    paypal.webhookUrl = undefined;
    const back = await server.request(returnPath(paypalOrderId));
    expect(back.status).toBe(200);
    const text = await back.text();
    expect(text).toContain("Thank you!");
    const captureId = [...paypal.captures.values()].find(
      (c) => (c.supplementary_data as { related_ids: { order_id: string } }).related_ids.order_id === paypalOrderId,
    )!.id;
    expect(paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${paypalOrderId}/capture`)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", provider_payment_id: captureId });
    expect(await receipts(email)).toBe(1);
    const link = new URL(
      text.match(/href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/)![1]!.replace(/&amp;/g, "&"),
    );
    expect((await server.request(link.pathname + link.search)).status).toBe(200);

    // PayPal's PAYMENT.CAPTURE.COMPLETED then arrives, twice: received, nothing changes.
    const completed = deliveryOf("PAYMENT.CAPTURE.COMPLETED", captureId);
    const first = await redeliver(completed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const before = await webhookCount();
    const again = await redeliver(completed);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await webhookCount()).toBe(before);
    expect(await receipts(email)).toBe(1);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("a buyer who never comes back: the reconciler captures; PayPal's webhook pays once, one receipt, one access token", async () => {
    const seller = await readySeller();
    const email = "paypal-gone@example.com";
    const { paypalOrderId, orderId } = await startCheckout(seller, email);
    await paypal.approveOrder(paypalOrderId);
    const run = await reconcilePendingOrders(server.sourceServices(), new Date(Date.now() + 3 * 60_000));
    expect(run.ran).toBe(true);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(orderId)).toBe(1);
    // The capture's webhook reached the app during the capture; its repeat is a duplicate.
    const captureId = (await orderRow(orderId)).provider_payment_id!;
    const again = await redeliver(deliveryOf("PAYMENT.CAPTURE.COMPLETED", captureId));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(orderId)).toBe(1);
  });

  it("a webhook PayPal did not send (forged, tampered, replayed late, dated ahead, unsigned) is refused with 400 and nothing is stored", async () => {
    const seller = await readySeller();
    const { paypalOrderId, orderId } = await startCheckout(seller, "paypal-forged@example.com");
    paypal.webhookUrl = undefined;
    await paypal.approveOrder(paypalOrderId);
    const genuine = deliveryOf("CHECKOUT.ORDER.APPROVED", paypalOrderId);
    const before = await webhookCount();

    const tampered = await redeliver(genuine, { body: genuine.body.replace(paypalOrderId, "5O190127TN364715T") });
    expect(tampered.status).toBe(400);
    const forgedId = await redeliver(genuine, { headers: { "paypal-transmission-id": randomUUID() } });
    expect(forgedId.status).toBe(400);
    const forgedSignature = await redeliver(genuine, {
      headers: { "paypal-transmission-sig": randomBytes(32).toString("base64") },
    });
    expect(forgedSignature.status).toBe(400);
    const late = await redeliver(genuine, {
      headers: { "paypal-transmission-time": new Date(Date.now() - 3600_000).toISOString() },
    });
    expect(late.status).toBe(400);
    const ahead = await redeliver(genuine, {
      headers: { "paypal-transmission-time": new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(ahead.status).toBe(400);
    const unsigned = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: genuine.body,
    });
    expect(unsigned.status).toBe(400);
    expect(await webhookCount()).toBe(before);
    expect((await orderRow(orderId)).status).toBe("pending");

    expect((await redeliver(genuine)).status).toBe(200);
    expect(await webhookCount()).toBe(before + 1);
  });

  it("handles reordered events: a refund reported before the capture, and a capture after the order expired", async () => {
    const seller = await readySeller();
    const provider = server.services.payments.paypal!;
    // Captured by an instance that stopped before recording it, then refunded from PayPal's dashboard; PayPal's
    // events arrive refund first.
    const email = "paypal-reordered@example.com";
    const early = await startCheckout(seller, email);
    paypal.webhookUrl = undefined;
    await paypal.approveOrder(early.paypalOrderId);
    const captured = await provider.capture!(early.paypalOrderId);
    expect(captured.state).toBe("paid");
    const captureId = (captured as { paymentId: string }).paymentId;
    const refunded = await provider.refund({
      paymentId: captureId,
      amountCents: 2000,
      currency: "USD",
      feeRefundCents: 160,
      sellerAccountId: seller.merchantId,
      idempotencyKey: randomUUID(),
    });
    expect(refunded).toMatchObject({ status: "succeeded" });
    expect((await redeliver(deliveryOf("PAYMENT.CAPTURE.REFUNDED", captureId))).status).toBe(200);
    expect(await orderRow(early.orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
    expect((await redeliver(deliveryOf("PAYMENT.CAPTURE.COMPLETED", captureId))).status).toBe(200);
    expect((await redeliver(deliveryOf("CHECKOUT.ORDER.APPROVED", early.paypalOrderId))).status).toBe(200);
    expect((await orderRow(early.orderId)).status).toBe("refunded");
    expect(await receipts(email)).toBe(0);

    // The app's checkout time ran out before the buyer approved; a capture made then still pays the order.
    const late = await startCheckout(seller, "paypal-late@example.com");
    await syncOrderStatus(
      server.sourceServices(),
      { id: late.orderId, provider: "paypal", providerCheckoutId: late.paypalOrderId, expiresAt: new Date() },
      {
        cause: "reconciler",
        expireIfUnpaid: true,
      },
    );
    expect((await orderRow(late.orderId)).status).toBe("expired");
    await paypal.approveOrder(late.paypalOrderId);
    const lateCapture = await provider.capture!(late.paypalOrderId);
    await redeliver(deliveryOf("PAYMENT.CAPTURE.COMPLETED", (lateCapture as { paymentId: string }).paymentId));
    expect((await orderRow(late.orderId)).status).toBe("paid");
    expect(await receipts("paypal-late@example.com")).toBe(1);
  });

  it("a declined funding source pays nothing; going back, the buyer reads why in plain words", async () => {
    const seller = await readySeller();
    const { paypalOrderId, orderId } = await startCheckout(seller, "paypal-declined@example.com");
    await paypal.approveOrder(paypalOrderId, { decline: true });
    const back = await server.request(returnPath(paypalOrderId));
    expect(back.status).toBe(200);
    const returned = await back.text();
    expect(returned).not.toContain("Thank you!");
    // Back through the success URL: the page keeps checking, and says why the attempt failed with a way to retry.
    expect(returned).toContain(`The last payment attempt failed: ${DECLINED}`);
    expect(returned).toContain("Try again");
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", failure_message: DECLINED });
    expect(
      [...paypal.captures.values()].some(
        (c) => (c.supplementary_data as { related_ids: { order_id: string } }).related_ids.order_id === paypalOrderId,
      ),
    ).toBe(false);

    const cancelled = await server.request(returnPath(paypalOrderId, "_cancelUrl"));
    const text = await cancelled.text();
    expect(text).toContain("Payment cancelled");
    expect(text).toContain(`The last attempt failed: ${DECLINED}`);
    expect(await receipts("paypal-declined@example.com")).toBe(0);
  });
});

describe("nothing lost, nothing misapplied", () => {
  const storedEvent = async (delivery: PayPalDelivery) =>
    (
      await rows<{ error: string | null; processed_at: string | null }>(
        sql`select error, processed_at from webhook_events where provider = 'paypal' and event_id = ${(JSON.parse(delivery.body) as { id: string }).id}`,
      )
    )[0];

  it("an order that lost its PayPal order id: the capture's webhook finds it by custom_id, keeps the id, pays once, one receipt", async () => {
    const seller = await readySeller();
    const email = "paypal-lost-write@example.com";
    const { paypalOrderId, orderId } = await startCheckout(seller, email);
    expect((paypal.orders.get(paypalOrderId)!.purchase_units as { custom_id: string }[])[0]!.custom_id).toBe(orderId);
    paypal.webhookUrl = undefined;
    await paypal.approveOrder(paypalOrderId);
    // Captured (by an instance that stopped before recording anything); the order's write of the PayPal order id is
    // lost.
    const captured = await server.services.payments.paypal!.capture!(paypalOrderId);
    expect(captured).toMatchObject({ state: "paid" });
    await server.db.execute(sql`update orders set provider_checkout_id = null where id = ${orderId}::uuid`);

    const completed = deliveryOf("PAYMENT.CAPTURE.COMPLETED", paypalOrderId);
    expect((await redeliver(completed)).status).toBe(200);
    const order = await rows<{
      status: string;
      provider_checkout_id: string | null;
      provider_payment_id: string | null;
    }>(sql`select status, provider_checkout_id, provider_payment_id from orders where id = ${orderId}::uuid`);
    expect(order[0]).toEqual({
      status: "paid",
      provider_checkout_id: paypalOrderId,
      provider_payment_id: (captured as { paymentId: string }).paymentId,
    });
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(orderId)).toBe(1);
    expect(await storedEvent(completed)).toMatchObject({ error: null, processed_at: expect.anything() });
  });

  it("a capture paid to another merchant than the order's seller is rejected: 200, stored as rejected, the order unchanged", async () => {
    const seller = await readySeller();
    const other = await readySeller();
    const email = "paypal-other-seller@example.com";
    const { paypalOrderId, orderId } = await startCheckout(seller, email);
    paypal.webhookUrl = undefined;
    // The PayPal order pays another merchant than the order's seller.
    (paypal.orders.get(paypalOrderId)!.purchase_units as { payee: { merchant_id: string } }[])[0]!.payee = {
      merchant_id: other.merchantId,
    };
    await paypal.approveOrder(paypalOrderId);
    await server.services.payments.paypal!.capture!(paypalOrderId);

    const completed = deliveryOf("PAYMENT.CAPTURE.COMPLETED", paypalOrderId);
    const answer = await redeliver(completed);
    expect(answer.status).toBe(200);
    expect(await storedEvent(completed)).toMatchObject({
      processed_at: expect.anything(),
      error: expect.stringMatching(new RegExp(`^rejected: payment.succeeded for account ${other.merchantId}`)),
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", provider_payment_id: null });
    expect(await receipts(email)).toBe(0);
    expect(await (await redeliver(completed)).json()).toEqual({ received: true, duplicate: true });
  });
});

describe("onboarding", () => {
  it("PayPal's MERCHANT.ONBOARDING.COMPLETED webhook makes the seller ready by its tracking id, before the seller returns", async () => {
    const seller = await createSeller(server.db, { priceCents: 2000 });
    const { accountId: trackingId } = await server.services.payments.paypal!.onboarding!.createAccount({
      userId: seller.id,
      email: `${seller.handle}@example.com`,
    });
    await server.db.execute(
      sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${seller.id}, 'paypal', ${trackingId}, 'pending')`,
    );
    const merchantId = await paypal.completeOnboarding(trackingId);
    await expect
      .poll(
        async () =>
          (
            await rows<{ status: string; external_account_id: string }>(
              sql`select status, external_account_id from payment_accounts where user_id = ${seller.id}`,
            )
          )[0],
      )
      .toEqual({ status: "ready", external_account_id: merchantId });
    const [event] = await rows<{ n: number }>(
      sql`select count(*)::int as n from security_audit where user_id = ${seller.id} and event_type = 'payment_provider_connected'`,
    );
    expect(event!.n).toBe(1);
  });
});

describe("after the purchase", () => {
  async function paidOrder(email: string) {
    const seller = await readySeller();
    const { paypalOrderId, orderId } = await startCheckout(seller, email);
    await paypal.approveOrder(paypalOrderId);
    const text = await (await server.request(returnPath(paypalOrderId))).text();
    const link = new URL(
      text.match(/href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/)![1]!.replace(/&amp;/g, "&"),
    );
    const order = await orderRow(orderId);
    expect(order.status).toBe("paid");
    return { seller, orderId, captureId: order.provider_payment_id!, downloadPath: link.pathname + link.search };
  }

  it("the seller's refund is made on their behalf with the fee given back: partial keeps it paid, the rest refunds it and revokes the downloads", async () => {
    const { seller, orderId, captureId, downloadPath } = await paidOrder("paypal-refunded@example.com");
    const partial = await refundOrder(server.sourceServices(), seller.id, orderId, 500, META);
    expect(partial).toMatchObject({ ok: true, refundedCents: 500, full: false });
    const first = paypal.requests.findLast((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!;
    expect(first.headers["paypal-request-id"]).toBe(`sellkit-refund-${(partial as { refundId: string }).refundId}`);
    const assertion = first.headers["paypal-auth-assertion"]!;
    expect(JSON.parse(Buffer.from(assertion.split(".")[1]!, "base64url").toString())).toMatchObject({
      payer_id: seller.merchantId,
    });
    expect(first.body).toMatchObject({
      amount: { currency_code: "USD", value: "5.00" },
      payment_instruction: { platform_fees: [{ amount: { currency_code: "USD", value: "0.40" } }] },
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 500 });
    expect((await server.request(downloadPath)).status).toBe(200);

    const rest = await refundOrder(server.sourceServices(), seller.id, orderId, 1500, META);
    expect(rest).toMatchObject({ ok: true, refundedCents: 2000, full: true });
    expect(paypal.requests.findLast((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!.body).toMatchObject(
      {
        amount: { value: "15.00" },
        payment_instruction: { platform_fees: [{ amount: { value: "1.20" } }] },
      },
    );
    expect(paypal.captures.get(captureId)!.status).toBe("REFUNDED");
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
    const revoked = await server.request(downloadPath);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(revokedMessage("refunded"));
    // PayPal's PAYMENT.CAPTURE.REFUNDED events (running totals) were received and change nothing.
    const stored = await rows<{ error: string | null }>(
      sql`select error from webhook_events where type = 'PAYMENT.CAPTURE.REFUNDED' and payload::text like ${`%${captureId}%`}`,
    );
    expect(stored).toEqual([{ error: null }, { error: null }]);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
  });

  it("a dispute opened revokes the downloads; resolved in the seller's favour, the order is paid and they work again", async () => {
    const { orderId, captureId, downloadPath } = await paidOrder("paypal-disputed@example.com");
    await paypal.openDispute(captureId);
    expect((await orderRow(orderId)).status).toBe("disputed");
    const revoked = await server.request(downloadPath);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(revokedMessage("disputed"));
    await paypal.resolveDispute(captureId, "RESOLVED_SELLER_FAVOUR");
    expect((await orderRow(orderId)).status).toBe("paid");
    expect((await server.request(downloadPath)).status).toBe(200);
  });
});
