import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckout } from "~/flows/checkout/server/create-checkout.server";
import { discountUsageLabel } from "~/domains/discounts/discount-display";
import { DISCOUNT_RESERVATIONS_PER_CLIENT } from "~/domains/discounts/server/discount-reservation.server";
import {
  DISCOUNT_ATTEMPT_LIMITS,
  DISCOUNT_FAILURES_BEFORE_VAGUE,
} from "~/domains/discounts/server/guard-discount-attempt.server";
import { listDiscountCodes } from "~/domains/discounts/server/list-discount-codes.server";
import { reconcilePendingOrders } from "~/flows/order-lifecycle/server/reconcile-pending-orders.server";
import {
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  testWebhookKey,
} from "~/domains/payments/server/test-webhook-signature.server";
import {
  CARD_FIELD_MAX,
  CARD_NAME_TOO_LONG_MESSAGE,
  CARD_NUMBER_MESSAGE,
  CVC_MESSAGE,
  EXPIRY_INVALID_MESSAGE,
} from "~/domains/payments/schemas/test-card";
import { DISCOUNT_CODE_FIELD_MAX } from "~/flows/checkout/schemas/checkout";
import { ERRORS } from "~/lib/errors";
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/lib/form-fields";
import { createDiscountCode, createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Over HTTP and through the verbs: the checkout priced on the server only, the test provider's TEST MODE
// page and its signed webhooks, the webhook intake (duplicated, reordered, forged), the discount reservation under
// concurrency, expiry and the reconciler.

let mail: MailCatcher;
let server: TestServer;
let seller: Seller;
const KEY = testWebhookKey("x".repeat(32)); // startTestServer's AUTH_SECRET

const html = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  await server.db.execute<T>(query);
const ip = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const buyPath = (s: Seller) => `/s/${s.handle}/${s.slug}/buy`;

async function orderRow(id: string) {
  return (
    await rows<{
      status: string;
      amount_cents: number;
      subtotal_cents: number;
      discount_cents: number;
      platform_fee_cents: number;
      refunded_cents: number;
      failure_message: string | null;
      provider_checkout_id: string | null;
      discount_code: string | null;
    }>(sql`select * from orders where id = ${id}::uuid`)
  ).rows[0]!;
}
const receipts = async (email: string) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where "to" = ${email} and subject like 'Your receipt%'`,
      )
    ).rows[0]!.n,
  );
const accessTokens = async (orderId: string) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from order_access_tokens where order_id = ${orderId}::uuid`,
      )
    ).rows[0]!.n,
  );
const webhookCount = async () =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events`)).rows[0]!.n);

/** The buyer's checkout form, posted as a browser without JavaScript: answers the redirect to the TEST MODE page. */
async function checkout(s: Seller, fields: Record<string, string>) {
  return postForm(server, buyPath(s), { provider: "test", ...fields }, { ip: ip() });
}

async function startPaidCheckout(s: Seller, email: string, fields: Record<string, string> = {}) {
  const response = await checkout(s, { email, ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(location.pathname).toMatch(/^\/checkout\/test\/tpc_[0-9a-f]{24}$/);
  const checkoutId = location.pathname.split("/").pop()!;
  const order = (
    await rows<{ id: string }>(
      sql`select id from orders where provider = 'test' and provider_checkout_id = ${checkoutId}`,
    )
  ).rows[0]!;
  return { testPagePath: location.pathname, checkoutId, orderId: order.id };
}

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ada Buyer" };

function pay(testPagePath: string, fields: Record<string, string> = {}) {
  return postForm(server, testPagePath, { intent: "pay", ...CARD, ...fields }, { ip: ip() });
}

/** A webhook as the test provider signs it, posted over HTTP (no Origin: providers send none). */
function webhook(
  type: string,
  data: Record<string, unknown>,
  { id = `evt_test_${randomBytes(6).toString("hex")}`, key = KEY, at = Math.floor(Date.now() / 1000) } = {},
) {
  const body = JSON.stringify({ id, type, created: at, data });
  return fetch(`${server.origin}/api/webhooks/test`, {
    method: "POST",
    headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signTestWebhook(key, body, at) },
    body,
  });
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // No microcache of store pages: a test changes the providers between two reads of one page.
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSeller(server.db, { priceCents: 1250 });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("checkout page", () => {
  it("shows the product, the TEST MODE label and one pay button per provider", async () => {
    const page = await (await server.request(buyPath(seller))).text();
    expect(page).toContain("Field Guide");
    expect(page).toContain("TEST MODE");
    expect(page).toContain("Pay with card");
    expect(page).toContain("$12.50");
    expect(page).not.toContain("<script");
    // Indexable, but pointing search engines at the product's sales page (Lighthouse SEO 100 without listing it).
    expect(page).toContain(`<link rel="canonical" href="${server.origin}/s/${seller.handle}/${seller.slug}"/>`);
    expect(page).toMatch(/<meta name="description" content="Buy Field Guide from [^"]+"\/>/);
    expect(page).not.toContain("noindex");
  });

  it("Apply shows the summary computed on the server, and refuses an unknown code", async () => {
    const discounted = await createSeller(server.db, { priceCents: 2000 });
    await createDiscountCode(server.db, discounted.id, { code: "SPRING25", percentOff: 25 });
    const applied = await postForm(server, buyPath(discounted), {
      intent: "apply",
      email: "",
      discountCode: "spring25",
    });
    expect(applied.status).toBe(200);
    const text = await applied.text();
    expect(text).toMatch(/Discount \(<span[^>]*>SPRING25<\/span>\)/);
    expect(text).toContain("−$5.00");
    expect(text).toContain("$15.00");
    // A preview holds no redemption.
    expect(
      (
        await rows<{ n: number }>(
          sql`select redemptions_count as n from discount_codes where user_id = ${discounted.id}`,
        )
      ).rows[0]!.n,
    ).toBe(0);
    const unknown = await postForm(server, buyPath(discounted), { intent: "apply", discountCode: "NOPE" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(ERRORS.DISCOUNT_CODE_INVALID.message);
  });

  it("refuses an over-long email or discount code with the field's own message, keeping the typed value unclipped", async () => {
    const email = `${"b".repeat(MAX_EMAIL_LENGTH)}@example.com`;
    const discountCode = "C".repeat(DISCOUNT_CODE_FIELD_MAX + 1);
    for (const intent of ["apply", "pay"]) {
      const response = await postForm(
        server,
        buyPath(seller),
        { intent, provider: "test", email, discountCode },
        { ip: ip() },
      );
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).not.toContain("<script");
      expect(fieldError(page, "email", email)).toBe(html(INVALID_EMAIL_MESSAGE));
      expect(fieldError(page, "discountCode", discountCode)).toBe(html("This discount code is not valid."));
    }
  });
});

/** The message shown under the named input, which must carry the typed value and point at its message. */
function fieldError(page: string, name: string, value: string) {
  const input = page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
  expect(input).toContain(`value="${value}"`);
  expect(input).toContain('aria-invalid="true"');
  const id = input.match(/ id="([^"]+)"/)?.[1];
  expect(input).toMatch(new RegExp(`aria-describedby="[^"]*${id}-error`));
  return page.match(new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`))?.[1];
}

describe("a purchase with the test provider", () => {
  it("pays with 4242…: a signed webhook moves the order to paid, one receipt, and the return page thanks the buyer", async () => {
    const email = "buyer-one@example.com";
    const { testPagePath, orderId } = await startPaidCheckout(seller, email);
    const testPage = await (await server.request(testPagePath)).text();
    expect(testPage).toContain("TEST MODE");
    expect(testPage).toContain("Pay $12.50");
    expect(testPage).toContain(email);

    const paid = await pay(testPagePath);
    expect(paid.status).toBe(302);
    const returnUrl = new URL(paid.headers.get("location")!);
    expect(returnUrl.pathname).toBe(`/checkout/${orderId}`);
    expect(await orderRow(orderId)).toMatchObject({
      status: "paid",
      amount_cents: 1250,
      subtotal_cents: 1250,
      platform_fee_cents: 100,
    });
    expect(await receipts(email)).toBe(1);
    const stored = (
      await rows<{ type: string; processed_at: string | null; error: string | null }>(
        sql`select type, processed_at, error from webhook_events`,
      )
    ).rows;
    expect(stored.some((w) => w.type === "payment.succeeded" && w.processed_at && !w.error)).toBe(true);

    const page = await server.request(`${returnUrl.pathname}${returnUrl.search}`);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Thank you!");
    expect(text).toContain(`Your receipt is on its way to <span class="font-medium">${email}</span>`);
    expect(text).toMatch(/href="[^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+"[^>]*>Download your files/);
    expect(text).toMatch(/href="\/purchases"[^>]*>Get a new link by email/);

    // Reloading the return page hands out the same download link and stores no new token: one for the receipt,
    // one for the return page, however often it is opened.
    const link = (body: string) =>
      /href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/.exec(body)![1]!.replace(/&amp;/g, "&");
    const tokensAfterFirstView = await accessTokens(orderId);
    expect(tokensAfterFirstView).toBe(2);
    for (let view = 0; view < 3; view++) {
      const again = await (await server.request(`${returnUrl.pathname}${returnUrl.search}`)).text();
      expect(link(again)).toBe(link(text));
    }
    expect(await accessTokens(orderId)).toBe(tokensAfterFirstView);
    // That link opens the buyer's download page.
    const downloads = await server.request(new URL(link(text)).pathname + new URL(link(text)).search);
    expect(downloads.status).toBe(200);
    expect(await downloads.text()).toContain("Field Guide");

    // Only the buyer's browser has the key.
    expect((await server.request(`/checkout/${orderId}`)).status).toBe(404);
    expect((await server.request(`/checkout/${orderId}?key=wrong`)).status).toBe(404);
    // Paying again on the closed page changes nothing.
    expect((await pay(testPagePath)).status).toBe(200);
    expect(await receipts(email)).toBe(1);
  });

  it("declines 4000…0002 in plain words, keeps the checkout open and records no payment; another card then pays", async () => {
    const email = "buyer-declined@example.com";
    const { testPagePath, orderId } = await startPaidCheckout(seller, email);
    const declined = await pay(testPagePath, { cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", failure_message: "Your card was declined." });
    const poor = await pay(testPagePath, { cardNumber: "4000 0000 0000 9995" });
    expect(await poor.text()).toContain("Your card has insufficient funds.");
    const typo = await pay(testPagePath, { cardNumber: "4000 1234 5678 9010" });
    expect(await typo.text()).toContain("Your card number is incorrect.");
    const expired = await pay(testPagePath, { expiry: "01/20" });
    expect(await expired.text()).toContain(html("Your card's expiration date is in the past."));
    expect(await receipts(email)).toBe(0);
    expect((await pay(testPagePath)).status).toBe(302);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("answers a wrong card form without JavaScript: each field's own message, the typed values kept, no long value clipped", async () => {
    const { testPagePath, orderId } = await startPaidCheckout(seller, "buyer-typos@example.com");
    const longName = "N".repeat(CARD_FIELD_MAX.cardName + 1);
    const wrong = await pay(testPagePath, { cardNumber: "4242 42", expiry: "13/99", cvc: "98", cardName: longName });
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).not.toContain("<script");
    expect(page).toContain("TEST MODE");
    for (const message of [CARD_NUMBER_MESSAGE, EXPIRY_INVALID_MESSAGE, CVC_MESSAGE, CARD_NAME_TOO_LONG_MESSAGE])
      expect(page).toContain(html(message));
    expect(page).toContain('value="4242 42"');
    expect(page).toContain('value="13/99"');
    expect(page).not.toContain('value="98"');
    expect(page).toContain(`value="${longName}"`);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("asks for the extra confirmation step with 4000 0025 0000 3155: failing it declines, completing it pays", async () => {
    const { testPagePath, orderId } = await startPaidCheckout(seller, "buyer-3ds@example.com");
    const step = await pay(testPagePath, { cardNumber: "4000 0025 0000 3155" });
    expect(step.status).toBe(200);
    const page = await (await server.request(testPagePath)).text();
    expect(page).toContain("Complete authentication");
    expect(page).toContain("Fail authentication");
    const failed = await postForm(server, testPagePath, { intent: "authenticate", result: "fail" });
    expect(failed.status).toBe(402);
    expect((await orderRow(orderId)).status).toBe("pending");
    await pay(testPagePath, { cardNumber: "4000 0025 0000 3155" });
    const completed = await postForm(server, testPagePath, { intent: "authenticate", result: "complete" });
    expect(completed.status).toBe(302);
    expect((await orderRow(orderId)).status).toBe("paid");
  });

  it("prices on the server only: a tampered price or amount in the form changes nothing", async () => {
    const { orderId } = await startPaidCheckout(seller, "buyer-tamper@example.com", {
      price: "0.01",
      amount: "0.01",
      amountCents: "1",
      total: "0.01",
    });
    expect(await orderRow(orderId)).toMatchObject({ amount_cents: 1250, subtotal_cents: 1250 });
  });

  it("refuses a pay-what-you-want amount below the minimum and stores nothing; takes one above it", async () => {
    const pwyw = await createSeller(server.db, {
      pricing: "pwyw",
      priceCents: 0,
      minPriceCents: 500,
      suggestedPriceCents: 900,
    });
    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${pwyw.id}`))
      .rows[0]!.n;
    const low = await checkout(pwyw, { email: "pwyw@example.com", amount: "4.99" });
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("Please enter at least the minimum price: $5.00.");
    expect(
      (await rows<{ n: number }>(sql`select count(*)::int as n from orders where user_id = ${pwyw.id}`)).rows[0]!.n,
    ).toBe(before);
    const { orderId } = await startPaidCheckout(pwyw, "pwyw@example.com", { amount: "7.50" });
    expect(await orderRow(orderId)).toMatchObject({ subtotal_cents: 750, amount_cents: 750, platform_fee_cents: 60 });
  });

  it("delivers a free product at once, through the state machine, with no provider", async () => {
    const free = await createSeller(server.db, { pricing: "free", priceCents: 0 });
    const response = await postForm(server, buyPath(free), { intent: "pay", email: "free@example.com" }, { ip: ip() });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    const orderId = location.pathname.split("/").pop()!;
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", amount_cents: 0 });
    expect(await receipts("free@example.com")).toBe(1);
    const events = (
      await rows<{ cause: string }>(sql`select cause from order_events where order_id = ${orderId}::uuid`)
    ).rows;
    expect(events.map((e) => e.cause)).toEqual(["free"]);
  });
});

describe("webhook intake", () => {
  it("applies a duplicated delivery once: one receipt, one access token", async () => {
    const email = "buyer-dup@example.com";
    const { checkoutId, orderId } = await startPaidCheckout(seller, email);
    const event = { checkoutId, paymentId: "tpp_dup", amountCents: 1250, currency: "USD", reference: orderId };
    const first = await webhook("payment.succeeded", event, { id: "evt_test_dup" });
    expect(first.status).toBe(200);
    const second = await webhook("payment.succeeded", event, { id: "evt_test_dup" });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // The same payment under another event id: stored, but the order is already paid.
    expect((await webhook("payment.succeeded", event)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe("paid");
    expect(await receipts(email)).toBe(1);
    expect(await accessTokens(orderId)).toBe(1);
  });

  it("stores nothing for a forged, tampered or stale delivery (400), and 404s an unknown provider", async () => {
    const before = await webhookCount();
    const { checkoutId, orderId } = await startPaidCheckout(seller, "buyer-forged@example.com");
    const event = { checkoutId, paymentId: "tpp_forged", amountCents: 1250, currency: "USD" };
    expect((await webhook("payment.succeeded", event, { key: testWebhookKey("y".repeat(32)) })).status).toBe(400);
    expect((await webhook("payment.succeeded", event, { at: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    const body = JSON.stringify({
      id: "evt_test_tampered",
      type: "payment.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: event,
    });
    const tampered = await fetch(`${server.origin}/api/webhooks/test`, {
      method: "POST",
      headers: {
        [TEST_SIGNATURE_HEADER]: signTestWebhook(KEY, body.replace("1250", "1"), Math.floor(Date.now() / 1000)),
      },
      body,
    });
    expect(tampered.status).toBe(400);
    expect((await fetch(`${server.origin}/api/webhooks/bitpay`, { method: "POST", body: "{}" })).status).toBe(404);
    expect(await webhookCount()).toBe(before);
    expect((await orderRow(orderId)).status).toBe("pending");
  });

  it("records an amount that is not the order's as an error and does not fulfil", async () => {
    const { checkoutId, orderId } = await startPaidCheckout(seller, "buyer-short@example.com");
    expect(
      (
        await webhook(
          "payment.succeeded",
          { checkoutId, paymentId: "tpp_short", amountCents: 100, currency: "USD" },
          { id: "evt_test_short" },
        )
      ).status,
    ).toBe(200);
    expect((await orderRow(orderId)).status).toBe("pending");
    const stored = (
      await rows<{ error: string | null }>(sql`select error from webhook_events where event_id = 'evt_test_short'`)
    ).rows[0]!;
    expect(stored.error).toMatch(/amount mismatch/);
  });

  it("finds the order by the reference it carries when the order lost its checkout id, and keeps the id then", async () => {
    const email = "buyer-lost-write@example.com";
    const { checkoutId, orderId } = await startPaidCheckout(seller, email);
    await rows(sql`update orders set provider_checkout_id = null where id = ${orderId}::uuid`);
    const event = { checkoutId, paymentId: "tpp_lost_write", amountCents: 1250, currency: "USD", reference: orderId };
    expect((await webhook("payment.succeeded", event)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", provider_checkout_id: checkoutId });
    expect(await receipts(email)).toBe(1);
  });

  it("rejects an event whose reference names an order of another checkout, and answers 503 for an order it cannot find", async () => {
    const one = await startPaidCheckout(seller, "buyer-one@example.com");
    const two = await startPaidCheckout(seller, "buyer-two@example.com");
    const crossed = {
      checkoutId: two.checkoutId,
      paymentId: "tpp_crossed",
      amountCents: 1250,
      currency: "USD",
      reference: one.orderId,
    };
    expect((await webhook("payment.succeeded", crossed, { id: "evt_test_crossed" })).status).toBe(200);
    const stored = (
      await rows<{ error: string | null }>(sql`select error from webhook_events where event_id = 'evt_test_crossed'`)
    ).rows[0]!;
    expect(stored.error).toMatch(/^rejected: checkout /);
    expect((await orderRow(one.orderId)).status).toBe("pending");
    expect((await orderRow(two.orderId)).status).toBe("pending");
    // Each order's own events still apply (and leave no pending order behind for the reconciler's tests).
    for (const { checkoutId, orderId } of [one, two]) {
      expect((await webhook("checkout.expired", { checkoutId, reference: orderId })).status).toBe(200);
      expect((await orderRow(orderId)).status).toBe("expired");
    }

    const unknown = {
      checkoutId: "tpc_000000000000000000000000",
      paymentId: "tpp_unknown",
      amountCents: 1250,
      currency: "USD",
    };
    expect((await webhook("payment.succeeded", unknown, { id: "evt_test_unknown" })).status).toBe(503);
    const kept = (
      await rows<{ processed_at: string | null }>(
        sql`select processed_at from webhook_events where event_id = 'evt_test_unknown'`,
      )
    ).rows[0]!;
    expect(kept.processed_at).toBeNull();
  });

  it("handles reordered events: a refund reported before the payment, and a payment after expiry", async () => {
    const email = "buyer-reordered@example.com";
    const early = await startPaidCheckout(seller, email);
    expect(
      (await webhook("payment.refunded", { paymentId: "tpp_early", refundedCents: 1250, reference: early.orderId }))
        .status,
    ).toBe(200);
    expect((await orderRow(early.orderId)).status).toBe("refunded");
    await webhook("payment.succeeded", {
      checkoutId: early.checkoutId,
      paymentId: "tpp_early",
      amountCents: 1250,
      currency: "USD",
    });
    expect((await orderRow(early.orderId)).status).toBe("refunded");
    expect(await receipts(email)).toBe(0);

    const late = await startPaidCheckout(seller, "buyer-late@example.com");
    await webhook("checkout.expired", { checkoutId: late.checkoutId });
    expect((await orderRow(late.orderId)).status).toBe("expired");
    await webhook("payment.succeeded", {
      checkoutId: late.checkoutId,
      paymentId: "tpp_late",
      amountCents: 1250,
      currency: "USD",
    });
    expect((await orderRow(late.orderId)).status).toBe("paid");
    expect(await receipts("buyer-late@example.com")).toBe(1);
  });
});

describe("discount reservation", () => {
  it("gives exactly 10 discounted orders to 100 concurrent checkouts against a 10-use code", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    const codeId = await createDiscountCode(server.db, s.id, { code: "TEN", percentOff: 50, maxRedemptions: 10 });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createCheckout(
          server.sourceServices(),
          {
            lines: [{ product: { handle: s.handle, slug: s.slug }, quantity: 1 }],
            email: `race-${i}@example.com`,
            discountCode: "ten",
            provider: "test",
          },
          { ipAddress: `10.9.${Math.floor(i / 20)}.${i}` },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.code === "DISCOUNT_CODE_USED_UP")).toHaveLength(90);
    // Ten live reservations hold the ten uses; none is paid yet.
    const held = (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from discount_redemptions where discount_code_id = ${codeId}::uuid and status = 'reserved' and reserved_until > now()`,
      )
    ).rows[0]!.n;
    expect(held).toBe(10);
    expect(
      (await rows<{ n: number }>(sql`select redemptions_count as n from discount_codes where id = ${codeId}::uuid`))
        .rows[0]!.n,
    ).toBe(0);
    const discounted = (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from orders where discount_code_id = ${codeId}::uuid and discount_cents = 1000`,
      )
    ).rows[0]!.n;
    expect(discounted).toBe(10);
  });

  it("expiry releases the reservation; the reconciler finds a payment whose webhook was lost", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    const codeId = await createDiscountCode(server.db, s.id, { code: "ONCE", percentOff: 10, maxRedemptions: 1 });
    const abandoned = await startPaidCheckout(s, "abandoned@example.com", { discountCode: "once" });
    expect(await orderRow(abandoned.orderId)).toMatchObject({
      discount_code: "ONCE",
      discount_cents: 200,
      amount_cents: 1800,
    });
    expect((await checkout(s, { email: "second@example.com", discountCode: "ONCE" })).status).toBe(409);

    // A lost webhook: the test provider took the payment, the app never heard.
    const lost = await startPaidCheckout(s, "lost-webhook@example.com");
    await server.db.execute(
      sql`update test_provider_checkouts set status = 'paid', payment_id = 'tpp_lost' where id = ${lost.checkoutId}`,
    );

    const soon = await reconcilePendingOrders(server.sourceServices(), new Date(Date.now() + 3 * 60_000));
    expect(soon.ran).toBe(true);
    expect((await orderRow(lost.orderId)).status).toBe("paid");
    expect(await receipts("lost-webhook@example.com")).toBe(1);
    expect((await orderRow(abandoned.orderId)).status).toBe("pending"); // asked, still open, not yet due

    await reconcilePendingOrders(server.sourceServices(), new Date(Date.now() + 31 * 60_000));
    expect((await orderRow(abandoned.orderId)).status).toBe("expired");
    expect(
      (await rows<{ n: number }>(sql`select redemptions_count as n from discount_codes where id = ${codeId}::uuid`))
        .rows[0]!.n,
    ).toBe(0);
    const reservation = (
      await rows<{ status: string }>(
        sql`select status from discount_redemptions where order_id = ${abandoned.orderId}::uuid`,
      )
    ).rows[0]!;
    expect(reservation.status).toBe("released");
    // The code can be used again.
    expect((await checkout(s, { email: "second@example.com", discountCode: "ONCE" })).status).toBe(302);
  });

  it("refuses a discount that leaves less than the chargeable minimum", async () => {
    const s = await createSeller(server.db, { priceCents: 100 });
    await createDiscountCode(server.db, s.id, { code: "SEVENTY", percentOff: 70 });
    const refused = await checkout(s, { email: "tiny@example.com", discountCode: "SEVENTY" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(ERRORS.CHECKOUT_TOTAL_BELOW_MINIMUM.message));
  });
});

describe("limited codes and unpaid checkouts", () => {
  /** A checkout with `code` from client `from`, answering the redirect to the TEST MODE page (or the refusal). */
  const checkoutFrom = (s: Seller, from: string, email: string, code: string) =>
    postForm(server, buyPath(s), { provider: "test", email, discountCode: code }, { ip: from });
  const orderOf = async (response: Response) => {
    const checkoutId = new URL(response.headers.get("location")!).pathname.split("/").pop()!;
    const order = (
      await rows<{ id: string }>(
        sql`select id from orders where provider = 'test' and provider_checkout_id = ${checkoutId}`,
      )
    ).rows[0]!;
    return { checkoutId, orderId: order.id };
  };
  const payWebhook = (checkoutId: string, amountCents: number) =>
    webhook("payment.succeeded", {
      checkoutId,
      paymentId: `tpp_${randomBytes(6).toString("hex")}`,
      amountCents,
      currency: "USD",
    });
  /** The reservation window passing for every open reservation of the code (instead of waiting for it). */
  const lapse = (codeId: string) =>
    server.db.execute(
      sql`update discount_redemptions set reserved_until = now() - interval '1 second' where discount_code_id = ${codeId}::uuid and status = 'reserved'`,
    );

  it("an unpaid checkout holds a use only for the reservation window, one client holds at most two, paid uses decide", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    const codeId = await createDiscountCode(server.db, s.id, { code: "FIVE", percentOff: 10, maxRedemptions: 5 });
    const hoarder = ip();
    const held = [];
    for (let i = 0; i < DISCOUNT_RESERVATIONS_PER_CLIENT; i += 1) {
      const response = await checkoutFrom(s, hoarder, `hoarder-${i}@example.com`, "five");
      expect(response.status).toBe(302);
      held.push(await orderOf(response));
    }
    const refused = await checkoutFrom(s, hoarder, "hoarder-x@example.com", "FIVE");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(ERRORS.DISCOUNT_CODE_HELD.message));

    for (let i = 0; i < 3; i += 1) {
      const response = await checkoutFrom(s, ip(), `other-${i}@example.com`, "FIVE");
      expect(response.status).toBe(302);
      held.push(await orderOf(response));
    }
    const full = await checkoutFrom(s, ip(), "late@example.com", "FIVE");
    expect(full.status).toBe(409);
    expect(await full.text()).toContain(html(ERRORS.DISCOUNT_CODE_USED_UP.message));

    // Five abandoned checkouts no longer lock the code once their window has passed.
    await lapse(codeId);
    const fresh = await checkoutFrom(s, ip(), "fresh@example.com", "FIVE");
    expect(fresh.status).toBe(302);
    for (const order of held.slice(0, 3)) expect((await payWebhook(order.checkoutId, 1800)).status).toBe(200);
    const [code] = await listDiscountCodes(server.db, s.id);
    expect(code).toMatchObject({ redemptionsCount: 3, reservedCount: 1, overLimitCount: 0 });
    expect(discountUsageLabel(code!)).toBe("3 / 5 · 1 reserved");
    // Paid uses plus live reservations fill the cap: 3 paid + 1 held + 1 more, then no more.
    expect((await checkoutFrom(s, ip(), "fifth@example.com", "FIVE")).status).toBe(302);
    expect((await checkoutFrom(s, ip(), "sixth@example.com", "FIVE")).status).toBe(409);
  });

  it("holds the per-client cap under concurrent checkouts from one client", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    await createDiscountCode(server.db, s.id, { code: "BURST", percentOff: 10, maxRedemptions: 10 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createCheckout(
          server.services,
          {
            lines: [{ product: { handle: s.handle, slug: s.slug }, quantity: 1 }],
            email: `burst-${i}@example.com`,
            discountCode: "burst",
            provider: "test",
          },
          { ipAddress: "10.250.0.1" },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(DISCOUNT_RESERVATIONS_PER_CLIENT);
    expect(results.filter((r) => !r.ok && r.code === "DISCOUNT_CODE_HELD")).toHaveLength(
      12 - DISCOUNT_RESERVATIONS_PER_CLIENT,
    );
  });

  it("a payment after expiry past the code's maximum is honoured, flagged on the order and shown to the seller", async () => {
    const creator = await createSignedInCreator(server);
    const s = await createSeller(server.db, { priceCents: 2000 }, creator.id);
    const codeId = await createDiscountCode(server.db, s.id, { code: "SAVE10", percentOff: 10, maxRedemptions: 2 });
    const late = await orderOf(await checkoutFrom(s, ip(), "late-payer@example.com", "SAVE10"));
    await webhook("checkout.expired", { checkoutId: late.checkoutId });
    expect((await orderRow(late.orderId)).status).toBe("expired");
    for (const email of ["first@example.com", "second@example.com"]) {
      const order = await orderOf(await checkoutFrom(s, ip(), email, "SAVE10"));
      await payWebhook(order.checkoutId, 1800);
      expect((await orderRow(order.orderId)).status).toBe("paid");
    }
    expect((await checkoutFrom(s, ip(), "third@example.com", "SAVE10")).status).toBe(409);

    // The provider's session outlived the order: the buyer paid the discounted price, so the sale stands.
    expect((await payWebhook(late.checkoutId, 1800)).status).toBe(200);
    expect(await orderRow(late.orderId)).toMatchObject({ status: "paid", discount_cents: 200, amount_cents: 1800 });
    expect(await receipts("late-payer@example.com")).toBe(1);
    const flagged = (
      await rows<{ over: boolean }>(
        sql`select discount_over_limit as over from orders where id = ${late.orderId}::uuid`,
      )
    ).rows[0]!;
    expect(flagged.over).toBe(true);
    expect(
      (await rows<{ n: number }>(sql`select redemptions_count as n from discount_codes where id = ${codeId}::uuid`))
        .rows[0]!.n,
    ).toBe(3);

    const headers = { cookie: creator.jar.header(), "x-forwarded-for": creator.ip };
    const orderPage = await (await server.request(`/orders/${late.orderId}`, { headers })).text();
    expect(orderPage).toContain("Discount code SAVE10 used past its limit (3/2)");
    expect(orderPage).toContain(html("Used past the code's limit"));
    const listPage = await (await server.request("/tools/products/discounts", { headers })).text();
    expect(listPage).toContain("3 / 2 · 1 past the limit");
  });
});

describe("guessing discount codes", () => {
  const apply = (s: Seller, from: string, code: string) =>
    postForm(server, buyPath(s), { intent: "apply", email: "", discountCode: code }, { ip: from });

  it("limits Apply per client with Retry-After", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    const guesser = ip();
    const answers = [];
    for (let i = 0; i < DISCOUNT_ATTEMPT_LIMITS.perClient.limit + 5; i += 1)
      answers.push(await apply(s, guesser, `GUESS${i}`));
    expect(answers.slice(0, DISCOUNT_ATTEMPT_LIMITS.perClient.limit).every((a) => a.status === 400)).toBe(true);
    const limited = answers.slice(DISCOUNT_ATTEMPT_LIMITS.perClient.limit);
    expect(limited.every((a) => a.status === 429)).toBe(true);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited[0]!.text()).toContain(html(ERRORS.DISCOUNT_CODE_RATE_LIMITED.message));
    // Checking out with a code counts against the same limit.
    const payLimited = await postForm(
      server,
      buyPath(s),
      { provider: "test", email: "guesser@example.com", discountCode: "X" },
      { ip: guesser },
    );
    expect(payLimited.status).toBe(429);
    expect(payLimited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("limits Apply per store, whichever clients ask", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    await server.db.execute(sql`
      insert into app_rate_limits (bucket, hits, window_started_at)
      values (${`${DISCOUNT_ATTEMPT_LIMITS.perStore.name}:store:${s.id}`}, ${DISCOUNT_ATTEMPT_LIMITS.perStore.limit}, now())`);
    const limited = await apply(s, ip(), "ANY");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("after a few failures, unknown, expired and not-started codes get the same answer; a valid one still works", async () => {
    const s = await createSeller(server.db, { priceCents: 2000 });
    const day = 24 * 3600_000;
    await createDiscountCode(server.db, s.id, { code: "OLD", endsAt: new Date(Date.now() - day) });
    await createDiscountCode(server.db, s.id, { code: "LATER", startsAt: new Date(Date.now() + day) });
    await createDiscountCode(server.db, s.id, { code: "REAL", percentOff: 25 });
    const guesser = ip();
    expect(await (await apply(s, guesser, "OLD")).text()).toContain(html(ERRORS.DISCOUNT_CODE_EXPIRED.message));
    for (let i = 1; i < DISCOUNT_FAILURES_BEFORE_VAGUE; i += 1)
      expect((await apply(s, guesser, `NOPE${i}`)).status).toBe(400);
    for (const code of ["OLD", "LATER", "NOPE"]) {
      const answer = await apply(s, guesser, code);
      expect(answer.status).toBe(400);
      const text = await answer.text();
      expect(text).toContain(html(ERRORS.DISCOUNT_CODE_INVALID.message));
      expect(text).not.toContain(html(ERRORS.DISCOUNT_CODE_EXPIRED.message));
      expect(text).not.toContain(html(ERRORS.DISCOUNT_CODE_NOT_STARTED.message));
    }
    const paying = await postForm(
      server,
      buyPath(s),
      { provider: "test", email: "guesser@example.com", discountCode: "LATER" },
      { ip: guesser },
    );
    expect(await paying.text()).toContain(html(ERRORS.DISCOUNT_CODE_INVALID.message));
    expect((await apply(s, guesser, "REAL")).status).toBe(200);
    // Another client still reads why a code does not work.
    expect(await (await apply(s, ip(), "LATER")).text()).toContain(html(ERRORS.DISCOUNT_CODE_NOT_STARTED.message));
  });
});

describe("fixed codes on pay-what-you-want products", () => {
  it("warns the seller in the discount form when a code can make a product free, and checkout never goes below 0", async () => {
    const creator = await createSignedInCreator(server);
    const s = await createSeller(
      server.db,
      { pricing: "pwyw", minPriceCents: 300, suggestedPriceCents: 800, name: "Sketchbook" },
      creator.id,
    );
    const codeId = await createDiscountCode(server.db, s.id, { code: "FIVEOFF", amountOffCents: 500 });
    const headers = { cookie: creator.jar.header(), "x-forwarded-for": creator.ip };
    const warning =
      "Buyers can get Sketchbook free with this code: $5.00 off covers its pay-what-you-want minimum of $3.00.";
    const form = await (await server.request(`/tools/products/discounts?edit=${codeId}`, { headers })).text();
    expect(form).toContain(warning);
    // On the code in the list, and in the edit form after the amount field.
    expect(form.split(warning)).toHaveLength(3);
    expect(form.lastIndexOf(warning)).toBeGreaterThan(form.indexOf("Amount off"));

    // The amount off is never more than what the buyer typed: at the minimum the order is free (and delivered).
    const free = await postForm(
      server,
      buyPath(s),
      { provider: "test", email: "pwyw-free@example.com", amount: "3.00", discountCode: "FIVEOFF" },
      { ip: ip() },
    );
    expect(free.status).toBe(302);
    const freeOrder = (
      await rows<{ id: string }>(sql`select id from orders where customer_email = 'pwyw-free@example.com'`)
    ).rows[0]!;
    expect(await orderRow(freeOrder.id)).toMatchObject({
      status: "paid",
      subtotal_cents: 300,
      discount_cents: 300,
      amount_cents: 0,
    });
    const paid = await postForm(
      server,
      buyPath(s),
      { provider: "test", email: "pwyw-paid@example.com", amount: "12.00", discountCode: "FIVEOFF" },
      { ip: ip() },
    );
    expect(paid.status).toBe(302);
    const paidOrder = (
      await rows<{ id: string }>(sql`select id from orders where customer_email = 'pwyw-paid@example.com'`)
    ).rows[0]!;
    expect(await orderRow(paidOrder.id)).toMatchObject({
      status: "pending",
      subtotal_cents: 1200,
      discount_cents: 500,
      amount_cents: 700,
    });
  });
});

describe("sellers without a provider", () => {
  it("tells the buyer the seller cannot take payments yet when the test provider is off", async () => {
    const payments = server.services.payments;
    const { test } = payments;
    delete payments.test;
    try {
      const page = await (await server.request(buyPath(seller))).text();
      expect(page).toContain(html(ERRORS.CHECKOUT_SELLER_NOT_READY.message));
      const refused = await checkout(seller, { email: "nobody@example.com" });
      expect(refused.status).toBe(409);
    } finally {
      payments.test = test;
    }
  });
});
