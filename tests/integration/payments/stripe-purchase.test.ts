import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { revokedMessage } from "~/domains/delivery/content/delivery-rules";
import { reconcileRefunds } from "~/flows/order-lifecycle/server/reconcile-refunds.server";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import { syncOrderStatus } from "~/flows/order-lifecycle/server/sync-order-status.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { SESSION_COOKIE_PREFIX } from "~/server/http/session-cookie.server";
import { signedCookieValue } from "../../support/creator-rows";
import { postForm, toastOf } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { type StripeDelivery, type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// A purchase through the Stripe path against the Stripe stand-in, end to end through the
// real app — the buyer's checkout form, Stripe's hosted page, the signed webhook into /api/webhooks/stripe, the
// order paid with one receipt and one access token, the download page; duplicated, reordered and forged webhooks;
// a declined card in plain words; the seller's refund (transfer reversed, fee given back) revoking the downloads;
// a dispute opened and won.

let mail: MailCatcher;
let stripe: StripeStandIn;
let server: TestServer;
let webhookUrl: string;
/** The server's log lines (JSON), to read its alerts. */
const logLines: string[] = [];

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const buyPath = (s: Seller) => `/s/${s.handle}/${s.slug}/buy`;
const META = { ipAddress: "203.0.113.9", userAgent: "vitest" };

type OrderRow = {
  id: string;
  status: string;
  amount_cents: number;
  platform_fee_cents: number;
  refunded_cents: number;
  provider_checkout_id: string;
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
  (await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events where provider = 'stripe'`))[0]!.n;

/** A seller whose Stripe account finished onboarding: the stand-in's account.updated webhook makes it ready. */
async function readySeller(priceCents = 2000): Promise<Seller & { accountId: string }> {
  const seller = await createSeller(server.db, { priceCents });
  const { accountId } = await server.services.payments.stripe!.onboarding!.createAccount({
    userId: seller.id,
    email: `${seller.handle}@example.com`,
  });
  await server.db.execute(
    sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${seller.id}, 'stripe', ${accountId}, 'pending')`,
  );
  await stripe.completeOnboarding(accountId);
  const [account] = await rows<{ status: string }>(
    sql`select status from payment_accounts where user_id = ${seller.id} and provider = 'stripe'`,
  );
  expect(account!.status).toBe("ready");
  return { ...seller, accountId };
}

/** The buyer's checkout form posted as a browser would: answers the redirect to Stripe's hosted page. */
async function startCheckout(seller: Seller, email: string) {
  const response = await postForm(server, buyPath(seller), { provider: "stripe", email }, { ip: ip() });
  expect(response.status, await response.clone().text()).toBe(302);
  const hosted = new URL(response.headers.get("location")!);
  expect(hosted.origin).toBe(stripe.origin);
  expect(hosted.pathname).toMatch(/^\/c\/pay\/cs_test_a1[A-Za-z0-9]{56}$/);
  const sessionId = hosted.pathname.split("/").pop()!;
  const [order] = await rows<{ id: string }>(
    sql`select id from orders where provider = 'stripe' and provider_checkout_id = ${sessionId}`,
  );
  return { hostedUrl: hosted.href, sessionId, orderId: order!.id };
}

/** The buyer's card typed on the hosted page; answers where Stripe sends the browser (the return page when paid). */
function payOnHostedPage(hostedUrl: string, card: string) {
  return fetch(hostedUrl, { method: "POST", body: new URLSearchParams({ card }), redirect: "manual" });
}

/** Sends a delivery the stand-in made (again), as Stripe would retry it. */
function redeliver(delivery: StripeDelivery, overrides: { body?: string; signature?: string } = {}) {
  return fetch(webhookUrl, {
    method: "POST",
    headers: { ...delivery.headers, ...(overrides.signature ? { "stripe-signature": overrides.signature } : {}) },
    body: overrides.body ?? delivery.body,
  });
}

/** A signed-in session of `userId`, as the cookie a browser sends (the seller's pages). */
async function sessionCookie(userId: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await server.db.execute(
    sql`insert into session (id, expires_at, token, user_id, ip_address, user_agent) values (${randomUUID()}, now() + interval '7 days', ${token}, ${userId}, '127.0.0.1', 'vitest')`,
  );
  return `${SESSION_COOKIE_PREFIX}.session_token=${signedCookieValue("x".repeat(32), token)}`;
}

const returnPath = (location: string) => {
  const url = new URL(location);
  expect(url.origin).toBe(server.origin);
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  mail = await startMailCatcher();
  stripe = await startStripeStandIn();
  server = await startTestServer(
    {
      ...stripe.env,
      PAYMENTS_TEST_MODE: "off",
      SMTP_URL: mail.url,
      TRUSTED_PROXIES: "loopback",
      STORE_PAGE_CACHE_SECONDS: "0",
    },
    { logDestination: { write: (line) => void logLines.push(line) } },
  );
  webhookUrl = `${server.origin}/api/webhooks/stripe`;
  stripe.webhookUrl = webhookUrl;
});
// A test that holds the webhooks back (to deliver them itself) gets them flowing again for the next.
beforeEach(() => {
  if (stripe && webhookUrl) stripe.webhookUrl = webhookUrl;
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await mail?.stop();
});

describe("a purchase through Stripe", () => {
  it("checkout → hosted page with the order's amount, currency, fee and destination → webhook → paid, one receipt, downloads", async () => {
    const seller = await readySeller(2000);
    const page = await (await server.request(buyPath(seller))).text();
    expect(page).toContain("Pay with card");
    expect(page).not.toContain("TEST MODE");

    const email = "stripe-buyer@example.com";
    const { hostedUrl, sessionId, orderId } = await startCheckout(seller, email);
    const created = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.params).toMatchObject({
      mode: "payment",
      customer_email: email,
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      line_items: [
        { quantity: "1", price_data: { currency: "usd", unit_amount: "2000", product_data: { name: "Field Guide" } } },
      ],
      payment_intent_data: { application_fee_amount: "160", transfer_data: { destination: seller.accountId } },
    });
    expect(created.idempotencyKey).toBe(`sellkit-checkout-${orderId}`);
    expect(created.stripeVersion).toBe("2026-10-28.endive");
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", amount_cents: 2000, platform_fee_cents: 160 });

    const paid = await payOnHostedPage(hostedUrl, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    const back = returnPath(paid.headers.get("location")!);
    expect(back).toMatch(new RegExp(`^/checkout/${orderId}\\?key=`));
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "paid",
      provider_checkout_id: sessionId,
      provider_payment_id: stripe.sessions.get(sessionId)!.payment_intent,
    });
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(orderId)).toBe(1);
    const [stored] = await rows<{ type: string; error: string | null; processed_at: string | null }>(
      sql`select type, error, processed_at from webhook_events where provider = 'stripe' and payload->'data'->'object'->>'id' = ${sessionId}`,
    );
    expect(stored).toMatchObject({ type: "checkout.session.completed", error: null, processed_at: expect.anything() });

    const thanks = await server.request(back);
    expect(thanks.status).toBe(200);
    const text = await thanks.text();
    expect(text).toContain("Thank you!");
    const download = text.match(/href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/)![1]!.replace(/&amp;/g, "&");
    const downloads = await server.request(new URL(download).pathname + new URL(download).search);
    expect(downloads.status).toBe(200);
    expect(await downloads.text()).toContain("Field Guide");

    // Stripe retries the same event: received, nothing new.
    const before = await webhookCount();
    const completed = stripe.deliveries.find(
      (d) =>
        d.event.type === "checkout.session.completed" &&
        (d.event.data as { object: { id: string } }).object.id === sessionId,
    )!;
    const again = await redeliver(completed);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await webhookCount()).toBe(before);
    expect(await receipts(email)).toBe(1);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("a forged, stale or tampered webhook is refused with 400 and nothing is stored", async () => {
    const seller = await readySeller();
    const { hostedUrl, orderId } = await startCheckout(seller, "forged@example.com");
    stripe.webhookUrl = undefined;
    expect((await payOnHostedPage(hostedUrl, "4242424242424242")).status).toBe(303);
    const genuine = stripe.deliveries.at(-1)!;
    const before = await webhookCount();

    const wrongSecret = await redeliver(genuine, {
      signature: stripe.sign(genuine.body, { secret: `whsec_${randomBytes(16).toString("hex")}` }),
    });
    expect(wrongSecret.status).toBe(400);
    const stale = await redeliver(genuine, {
      signature: stripe.sign(genuine.body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    });
    expect(stale.status).toBe(400);
    const tampered = await redeliver(genuine, {
      body: genuine.body.replace('"amount_total": 2000', '"amount_total": 1'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: genuine.body,
    });
    expect(unsigned.status).toBe(400);
    expect(await webhookCount()).toBe(before);
    expect((await orderRow(orderId)).status).toBe("pending");

    // The genuine delivery still pays the order.
    expect((await redeliver(genuine)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("handles reordered events: a refund reported before the payment, and a payment after the order expired", async () => {
    const seller = await readySeller();
    const early = await startCheckout(seller, "stripe-reordered@example.com");
    stripe.webhookUrl = undefined;
    const sent = stripe.deliveries.length;
    await stripe.completeCheckout(early.sessionId);
    // Refunded at once (from Stripe's dashboard, say): charge.refunded overtakes checkout.session.completed.
    const paymentId = stripe.sessions.get(early.sessionId)!.payment_intent as string;
    const refunded = await server.services.payments.stripe!.refund({
      paymentId,
      amountCents: 2000,
      currency: "usd",
      feeRefundCents: 160,
      sellerAccountId: seller.accountId,
      idempotencyKey: randomBytes(8).toString("hex"),
    });
    expect(refunded).toMatchObject({ status: "succeeded" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [completed, chargeRefunded] = stripe.deliveries.slice(sent);
    expect([completed!.event.type, chargeRefunded!.event.type]).toEqual([
      "checkout.session.completed",
      "charge.refunded",
    ]);
    expect((await redeliver(chargeRefunded!)).status).toBe(200);
    expect(await orderRow(early.orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
    expect((await redeliver(completed!)).status).toBe(200);
    expect((await orderRow(early.orderId)).status).toBe("refunded");
    expect(await receipts("stripe-reordered@example.com")).toBe(0);

    // The app's checkout time ran out first (Stripe's session lives longer): then the buyer's payment arrives.
    const late = await startCheckout(seller, "stripe-late@example.com");
    const { id, provider_checkout_id } = await orderRow(late.orderId);
    await syncOrderStatus(
      server.sourceServices(),
      { id, provider: "stripe", providerCheckoutId: provider_checkout_id, expiresAt: new Date() },
      {
        cause: "reconciler",
        expireIfUnpaid: true,
      },
    );
    expect((await orderRow(late.orderId)).status).toBe("expired");
    await stripe.completeCheckout(late.sessionId);
    await redeliver(stripe.deliveries.at(-1)!);
    expect((await orderRow(late.orderId)).status).toBe("paid");
    expect(await receipts("stripe-late@example.com")).toBe(1);
  });

  it("a declined card pays nothing; back on the return page the buyer reads why, in plain words", async () => {
    const seller = await readySeller();
    const { hostedUrl, sessionId, orderId } = await startCheckout(seller, "declined@example.com");
    const declined = await payOnHostedPage(hostedUrl, "4000 0000 0000 9995");
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("Your card has insufficient funds.");
    expect((await orderRow(orderId)).status).toBe("pending");

    // The buyer gives up on Stripe's page ("Back"): Stripe sends them to the cancel URL.
    const cancelled = await fetch(hostedUrl, {
      method: "POST",
      body: new URLSearchParams({ action: "cancel" }),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    const page = await server.request(returnPath(cancelled.headers.get("location")!));
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Payment cancelled");
    expect(text).toContain("The last attempt failed: Your card has insufficient funds.");
    expect(await orderRow(orderId)).toMatchObject({
      status: "pending",
      failure_message: "Your card has insufficient funds.",
    });
    expect(stripe.sessions.get(sessionId)!.status).toBe("open");
    expect(await receipts("declined@example.com")).toBe(0);
  });
});

describe("nothing lost, nothing misapplied", () => {
  type StoredEvent = { error: string | null; processed_at: string | null; unmatched_attempts: number };
  const storedEvent = async (eventId: string) =>
    (
      await rows<StoredEvent>(
        sql`select error, processed_at, unmatched_attempts from webhook_events where provider = 'stripe' and event_id = ${eventId}`,
      )
    )[0];
  const eventIdOf = (delivery: StripeDelivery) => delivery.event.id as string;

  it("the checkout id's write fails after Stripe made the session: the buyer still pays, the webhook finds the order by its id, one receipt", async () => {
    const seller = await readySeller();
    const email = "stripe-lost-write@example.com";
    // The database refuses the checkout id of this buyer's order, as a failed write (or a crash) between the two would
    // leave it.
    await server.db.execute(sql`
      create function refuse_checkout_id() returns trigger language plpgsql as $$
      begin raise exception 'injected failure: the checkout id is not saved'; end $$`);
    await server.db.execute(
      sql.raw(`
      create trigger refuse_checkout_id before update of provider_checkout_id on orders for each row
      when (new.customer_email = '${email}' and old.provider_checkout_id is null) execute function refuse_checkout_id()`),
    );
    const response = await postForm(server, buyPath(seller), { provider: "stripe", email }, { ip: ip() });
    await server.db.execute(sql`drop trigger refuse_checkout_id on orders`);
    await server.db.execute(sql`drop function refuse_checkout_id()`);

    expect(response.status, await response.clone().text()).toBe(302);
    const hosted = new URL(response.headers.get("location")!);
    expect(hosted.origin).toBe(stripe.origin);
    const sessionId = hosted.pathname.split("/").pop()!;
    const [order] = await rows<{ id: string; status: string; provider_checkout_id: string | null }>(
      sql`select id, status, provider_checkout_id from orders where customer_email = ${email}`,
    );
    expect(order).toMatchObject({ status: "pending", provider_checkout_id: null });
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      client_reference_id: order!.id,
      metadata: { order_id: order!.id },
    });

    expect((await payOnHostedPage(hosted.href, "4242424242424242")).status).toBe(303);
    expect(await orderRow(order!.id)).toMatchObject({ status: "paid", provider_checkout_id: sessionId });
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(order!.id)).toBe(1);
    expect(await storedEvent(eventIdOf(stripe.deliveries.at(-1)!))).toMatchObject({
      error: null,
      processed_at: expect.anything(),
    });
  });

  it("a webhook whose order is not found gets a 503 and stays unprocessed; Stripe's retry applies it once the order is there", async () => {
    const seller = await readySeller();
    const email = "stripe-not-yet@example.com";
    const { hostedUrl, orderId } = await startCheckout(seller, email);
    stripe.webhookUrl = undefined;
    expect((await payOnHostedPage(hostedUrl, "4242424242424242")).status).toBe(303);
    const completed = stripe.deliveries.at(-1)!;
    // The order is not there for this event (not Stripe's order, no checkout id), as if its write had not landed yet.
    await server.db.execute(
      sql`update orders set provider = 'test', provider_checkout_id = null where id = ${orderId}::uuid`,
    );

    const first = await redeliver(completed);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({
      received: false,
      error: "The order of this event was not found yet. Please retry.",
    });
    expect(await storedEvent(eventIdOf(completed))).toMatchObject({
      processed_at: null,
      unmatched_attempts: 1,
      error: expect.stringMatching(/no order/),
    });
    expect((await redeliver(completed)).status).toBe(503);
    expect(await storedEvent(eventIdOf(completed))).toMatchObject({ processed_at: null, unmatched_attempts: 2 });
    expect((await orderRow(orderId)).status).toBe("pending");

    // Delivery after delivery finds nothing: from the fifth on, each is logged as an error (an alert).
    await server.db.execute(
      sql`update webhook_events set unmatched_attempts = 4 where provider = 'stripe' and event_id = ${eventIdOf(completed)}`,
    );
    const logged = logLines.length;
    expect((await redeliver(completed)).status).toBe(503);
    const alert = logLines
      .slice(logged)
      .map((line) => JSON.parse(line) as { level: number; msg: string; attempts?: number });
    expect(alert).toContainEqual(
      expect.objectContaining({ level: 50, attempts: 5, msg: expect.stringMatching(/still finds no order/) }),
    );

    await server.db.execute(sql`update orders set provider = 'stripe' where id = ${orderId}::uuid`);
    const retried = await redeliver(completed);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, duplicate: false });
    expect(await orderRow(orderId)).toMatchObject({
      status: "paid",
      provider_checkout_id: (completed.event.data as { object: { id: string } }).object.id,
    });
    expect(await receipts(email)).toBe(1);
    expect(await storedEvent(eventIdOf(completed))).toMatchObject({ processed_at: expect.anything(), error: null });
    const again = await redeliver(completed);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await receipts(email)).toBe(1);
  });

  it("20 concurrent deliveries of a paid event, fresh or once unmatched, pay once: one receipt, one access token, one stored event", async () => {
    const seller = await readySeller();
    stripe.webhookUrl = undefined;
    const fresh = await startCheckout(seller, "stripe-concurrent@example.com");
    expect((await payOnHostedPage(fresh.hostedUrl, "4242424242424242")).status).toBe(303);
    const freshEvent = stripe.deliveries.at(-1)!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeliver(freshEvent)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(
      (await Promise.all(answers.map((answer) => answer.json()))).filter((body) => body.duplicate === false),
    ).toHaveLength(1);
    expect((await orderRow(fresh.orderId)).status).toBe("paid");
    expect(await receipts("stripe-concurrent@example.com")).toBe(1);
    expect(await accessTokens(fresh.orderId)).toBe(1);

    const unmatched = await startCheckout(seller, "stripe-concurrent-retry@example.com");
    expect((await payOnHostedPage(unmatched.hostedUrl, "4242424242424242")).status).toBe(303);
    const retried = stripe.deliveries.at(-1)!;
    await server.db.execute(sql`update orders set provider = 'test' where id = ${unmatched.orderId}::uuid`);
    expect((await redeliver(retried)).status).toBe(503);
    await server.db.execute(sql`update orders set provider = 'stripe' where id = ${unmatched.orderId}::uuid`);
    const retries = await Promise.all(Array.from({ length: 20 }, () => redeliver(retried)));
    expect(retries.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(
      (await Promise.all(retries.map((answer) => answer.json()))).filter((body) => body.duplicate === false),
    ).toHaveLength(1);
    expect((await orderRow(unmatched.orderId)).status).toBe("paid");
    expect(await receipts("stripe-concurrent-retry@example.com")).toBe(1);
    expect(await accessTokens(unmatched.orderId)).toBe(1);
    const stored = await rows<{ n: number }>(
      sql`select count(*)::int as n from webhook_events where provider = 'stripe' and event_id in (${eventIdOf(freshEvent)}, ${eventIdOf(retried)})`,
    );
    expect(stored[0]!.n).toBe(2);
  });

  it("a payment that went to another seller's account, or a Connect event of another account, is rejected: 200, stored as rejected, the order unchanged", async () => {
    const seller = await readySeller();
    const other = await readySeller();
    const email = "stripe-other-seller@example.com";
    const { hostedUrl, sessionId, orderId } = await startCheckout(seller, email);
    stripe.webhookUrl = undefined;
    // The session transfers to another connected account than the order's seller's.
    (stripe.sessions.get(sessionId)!._intent as { transfer_data: { destination: string } }).transfer_data = {
      destination: other.accountId,
    };
    expect((await payOnHostedPage(hostedUrl, "4242424242424242")).status).toBe(303);
    const completed = stripe.deliveries.at(-1)!;
    const answer = await redeliver(completed);
    expect(answer.status).toBe(200);
    expect(await storedEvent(eventIdOf(completed))).toMatchObject({
      processed_at: expect.anything(),
      error: expect.stringMatching(new RegExp(`^rejected: payment.succeeded for account ${other.accountId}`)),
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", provider_payment_id: null });
    expect(await receipts(email)).toBe(0);
    // Stripe's retry of it is a duplicate: not applied, not retried for ever.
    expect(await (await redeliver(completed)).json()).toEqual({ received: true, duplicate: true });

    // The same session's event as a Connect event of the other account (a genuine signature).
    const event = { ...completed.event, id: `evt_connect_${randomBytes(6).toString("hex")}`, account: other.accountId };
    const body = JSON.stringify(event);
    const connect = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": stripe.sign(body) },
      body,
    });
    expect(connect.status).toBe(200);
    expect((await storedEvent(event.id))?.error).toMatch(/^rejected: /);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("a webhook signed with a timestamp ahead of the clock beyond the allowed skew is refused with 400", async () => {
    const seller = await readySeller();
    const { hostedUrl, orderId } = await startCheckout(seller, "stripe-future@example.com");
    stripe.webhookUrl = undefined;
    expect((await payOnHostedPage(hostedUrl, "4242424242424242")).status).toBe(303);
    const genuine = stripe.deliveries.at(-1)!;
    const before = await webhookCount();
    const future = await redeliver(genuine, {
      signature: stripe.sign(genuine.body, { timestamp: Math.floor(Date.now() / 1000) + 3600 }),
    });
    expect(future.status).toBe(400);
    expect(await webhookCount()).toBe(before);
    expect((await orderRow(orderId)).status).toBe("pending");
  });
});

describe("after the purchase", () => {
  async function paidOrder(email: string) {
    const seller = await readySeller(2000);
    const { hostedUrl, sessionId, orderId } = await startCheckout(seller, email);
    const paid = await payOnHostedPage(hostedUrl, "4242424242424242");
    const back = returnPath(paid.headers.get("location")!);
    const text = await (await server.request(back)).text();
    const link = new URL(
      text.match(/href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/)![1]!.replace(/&amp;/g, "&"),
    );
    expect((await orderRow(orderId)).status).toBe("paid");
    return {
      seller,
      sessionId,
      orderId,
      paymentId: stripe.sessions.get(sessionId)!.payment_intent as string,
      downloadPath: link.pathname + link.search,
    };
  }

  it("the seller's refund reverses the transfer and gives the fee back: partial keeps it paid, the rest refunds it and revokes the downloads", async () => {
    const { seller, orderId, paymentId, downloadPath } = await paidOrder("refunded@example.com");
    const partial = await refundOrder(server.sourceServices(), seller.id, orderId, 500, META);
    expect(partial).toMatchObject({ ok: true, refundedCents: 500, full: false });
    const first = stripe.requests.findLast((r) => r.path === "/v1/refunds")!;
    expect(first.params).toMatchObject({
      payment_intent: paymentId,
      amount: "500",
      reverse_transfer: "true",
      refund_application_fee: "true",
    });
    expect(first.idempotencyKey).toBe(`sellkit-refund-${(partial as { refundId: string }).refundId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 500 });
    expect((await server.request(downloadPath)).status).toBe(200);

    const rest = await refundOrder(server.sourceServices(), seller.id, orderId, 1500, META);
    expect(rest).toMatchObject({ ok: true, refundedCents: 2000, full: true });
    const second = stripe.requests.findLast((r) => r.path === "/v1/refunds")!;
    expect(second.params).toMatchObject({
      payment_intent: paymentId,
      amount: "1500",
      reverse_transfer: "true",
      refund_application_fee: "true",
    });
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentId);
    expect(refunds.map((r) => r.transfer_reversal)).toEqual([
      expect.stringMatching(/^trr_/),
      expect.stringMatching(/^trr_/),
    ]);
    // 8% of 20.00 is 1.60: 0.40 back with the first quarter, the remaining 1.20 with the rest.
    expect(refunds.map((r) => r._application_fee_refunded)).toEqual([40, 120]);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
    const revoked = await server.request(downloadPath);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(revokedMessage("refunded"));

    // Stripe's charge.refunded events (the running totals) arrive too and change nothing.
    await expect
      .poll(
        async () =>
          (
            await rows(
              sql`select 1 from webhook_events where type = 'charge.refunded' and payload::text like ${`%${paymentId}%`}`,
            )
          ).length,
      )
      .toBe(2);
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refunded_cents: 2000 });
  });

  it("the seller's refund whose answer Stripe loses: back to the order, pending confirmation, then settled once by the reconciler", async () => {
    const { seller, orderId, paymentId } = await paidOrder("unconfirmed@example.com");
    const cookie = await sessionCookie(seller.id);
    // The webhook is held back: the reconciler settles the refund first, then the late webhook arrives.
    stripe.webhookUrl = undefined;
    stripe.dropRefundAnswers = true;
    let answer: Response;
    try {
      answer = await server.request(`/orders/${orderId}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "refund", amount: "5.00" }),
      });
    } finally {
      stripe.dropRefundAnswers = false;
    }
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/orders/${orderId}`);
    expect(toastOf(answer)).toMatchObject({ type: "warning", title: "Refund pending confirmation" });
    const page = (await (await server.request(`/orders/${orderId}`, { headers: { cookie } })).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(page).toContain(
      "refund pending confirmation (the provider did not answer; it is checked again within minutes)",
    );
    expect(page).toContain("Up to $15.00");

    expect(await reconcileRefunds(server.sourceServices(), new Date(Date.now() + 2 * 60_000))).toMatchObject({
      checked: 1,
      succeeded: 1,
    });
    expect(await rows(sql`select status from refunds where order_id = ${orderId}::uuid`)).toEqual([
      { status: "succeeded" },
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 500 });
    const refunded = stripe.deliveries.findLast((d) => d.event.type === "charge.refunded")!;
    expect((await redeliver(refunded)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 500 });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === paymentId)).toHaveLength(1);
  });

  it("a dispute opened revokes the downloads; won, the order is paid and they work again", async () => {
    const { orderId, paymentId, downloadPath } = await paidOrder("disputed@example.com");
    const dispute = await stripe.openDispute(paymentId);
    expect((await orderRow(orderId)).status).toBe("disputed");
    const revoked = await server.request(downloadPath);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(revokedMessage("disputed"));
    await stripe.closeDispute(dispute, "won");
    expect((await orderRow(orderId)).status).toBe("paid");
    expect((await server.request(downloadPath)).status).toBe(200);
  });
});
