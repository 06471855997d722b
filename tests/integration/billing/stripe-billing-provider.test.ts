import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BillingEvent, BillingProvider } from "~/domains/billing/server/billing-provider.server";
import { createStripeBillingProvider } from "~/domains/billing/server/stripe-billing-provider.server";
import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import {
  STRIPE_API_VERSION,
  STRIPE_WEBHOOK_MAX_FUTURE_SECONDS,
  stripeClientConfig,
} from "~/server/stripe-client.server";
import type { StripeDelivery } from "../../support/stripe-stand-in";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";

// The Stripe Billing provider against the Stripe stand-in's Billing part (tests/support/stripe-billing-stand-in.ts):
// every method's requests as Stripe's API checks them, and every webhook it sends translated into BillingEvents.

const DAY = 86_400;
const APP = "http://127.0.0.1:3000";

let stripe: StripeStandIn;
let provider: BillingProvider;
/** The test's own SDK client, for the test clocks (what Stripe's dashboard or CLI would do). */
let sdk: Stripe;
let delivered: number;

const headersOf = (delivery: StripeDelivery) =>
  new Headers({ "stripe-signature": delivery.headers["stripe-signature"]! });

/** The Billing deliveries since the test began, of `type`. */
const sent = (type: string) => stripe.billing.deliveries.slice(delivered).filter((d) => d.event.type === type);

/** Each delivery since the test began verified and translated by the provider, in order. */
async function translatedSince(): Promise<{ type: string; events: BillingEvent[] }[]> {
  const out = [];
  for (const delivery of stripe.billing.deliveries.slice(delivered))
    out.push({
      type: String(delivery.event.type),
      events: await provider.verifyWebhook(delivery.body, headersOf(delivery)),
    });
  return out;
}

async function translatedOf(type: string): Promise<BillingEvent[]> {
  const delivery = sent(type).at(-1);
  if (!delivery) throw new Error(`no ${type} delivery`);
  return provider.verifyWebhook(delivery.body, headersOf(delivery));
}

const snapshotOf = (events: BillingEvent[]) => {
  const event = events[0];
  if (!event || !("subscription" in event)) throw new Error(`no snapshot in ${JSON.stringify(events)}`);
  return event.subscription;
};

async function advanceClock(customerId: string, days: number) {
  const clockId = stripe.billing.clockOf(customerId)!;
  const clock = await sdk.testHelpers.testClocks.retrieve(clockId);
  const advancing = await sdk.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + days * DAY });
  expect(advancing.status).toBe("advancing");
  await stripe.billing.idle();
  expect((await sdk.testHelpers.testClocks.retrieve(clockId)).status).toBe("ready");
}

async function subscriber(plan: "business" | "enterprise" = "business", card = "4242 4242 4242 4242") {
  const userId = crypto.randomUUID();
  const { customerId } = await provider.createCustomer({ userId, email: `${userId}@example.com` });
  const { checkoutId } = await provider.createCheckout({
    userId,
    email: `${userId}@example.com`,
    customerId,
    plan,
    successUrl: `${APP}/settings/billing?checkout=${plan}`,
    cancelUrl: `${APP}/settings/billing`,
  });
  expect(await stripe.billing.completeCheckout(checkoutId, { card })).toEqual({ paid: true });
  const subscriptionId = String(stripe.billing.checkoutSessions.get(checkoutId)!.subscription);
  return { userId, customerId, checkoutId, subscriptionId };
}

async function trialist() {
  const userId = crypto.randomUUID();
  const { customerId } = await provider.createCustomer({ userId, email: `${userId}@example.com` });
  const events = await provider.startTrial({ customerId, plan: "pro", trialDays: 14 });
  return { userId, customerId, events, subscriptionId: snapshotOf(events).subscriptionId };
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  stripe.billing.clockPerCustomer = true;
  provider = createStripeBillingProvider({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_BILLING_WEBHOOK_SECRET: stripe.billing.webhookSecret,
    STRIPE_API_URL: stripe.origin,
  })!;
  sdk = new Stripe(stripe.secretKey, stripeClientConfig(stripe.origin));
});

beforeEach(() => {
  delivered = stripe.billing.deliveries.length;
});

afterAll(async () => {
  await stripe?.close();
});

describe("configuration", () => {
  it("is on only with the secret key and the billing webhook secret", () => {
    const env = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_BILLING_WEBHOOK_SECRET: "whsec_x", STRIPE_API_URL: undefined };
    expect(createStripeBillingProvider({ ...env, STRIPE_SECRET_KEY: undefined })).toBeUndefined();
    expect(createStripeBillingProvider({ ...env, STRIPE_BILLING_WEBHOOK_SECRET: undefined })).toBeUndefined();
    expect(createStripeBillingProvider(env)?.id).toBe("stripe");
  });
});

describe("customers and prices", () => {
  it("makes one customer per creator, pinned to the API version, with the user id in its metadata", async () => {
    const userId = crypto.randomUUID();
    const first = await provider.createCustomer({ userId, email: "creator@example.com" });
    const again = await provider.createCustomer({ userId, email: "creator@example.com" });
    expect(again.customerId).toBe(first.customerId);
    const customer = stripe.billing.customers.get(first.customerId)!;
    expect(customer).toMatchObject({ email: "creator@example.com", metadata: { user_id: userId } });
    const request = stripe.requests.find((r) => r.path === "/v1/customers" && r.method === "POST")!;
    expect(request.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(request.idempotencyKey).toBe(`sellkit-billing-customer-${userId}`);
  });

  it("creates each plan's monthly price from the plan table once, found by its lookup key", async () => {
    await trialist();
    await trialist();
    const pro = [...stripe.billing.prices.values()].filter((price) => price.lookup_key === "sellkit_pro_monthly");
    expect(pro).toHaveLength(1);
    expect(pro[0]).toMatchObject({
      unit_amount: 1900,
      currency: "eur",
      recurring: { interval: "month" },
      metadata: { sellkit_plan: "pro" },
    });
    // A second provider (another server) finds the price instead of making another.
    const other = createStripeBillingProvider({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_BILLING_WEBHOOK_SECRET: stripe.billing.webhookSecret,
      STRIPE_API_URL: stripe.origin,
    })!;
    const { customerId } = await other.createCustomer({ userId: crypto.randomUUID(), email: "x@example.com" });
    await other.startTrial({ customerId, plan: "pro", trialDays: 14 });
    expect([...stripe.billing.prices.values()].filter((p) => p.lookup_key === "sellkit_pro_monthly")).toHaveLength(1);
  });
});

describe("the Pro trial without a card", () => {
  it("starts trialing for 14 days with no card, cancelled at the end if none is added", async () => {
    const { customerId, events, subscriptionId } = await trialist();
    const snapshot = snapshotOf(events);
    expect(events[0]!.type).toBe("subscription.updated");
    expect(snapshot).toMatchObject({ customerId, plan: "pro", status: "trialing", hasPaymentMethod: false });
    expect(snapshot.cardFingerprint).toBeNull();
    const trialDays = (snapshot.trialEndsAt!.getTime() - Date.now()) / (DAY * 1000);
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThanOrEqual(14);
    const request = stripe.requests.find((r) => r.path === "/v1/subscriptions" && r.params.customer === customerId)!;
    expect(request.params).toMatchObject({
      trial_period_days: "14",
      trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
      payment_behavior: "default_incomplete",
    });
    expect(stripe.billing.subscriptions.get(subscriptionId)!.status).toBe("trialing");
  });

  it("sends trial_will_end three days before, then deletes the subscription at day 14 without a card", async () => {
    const { customerId, subscriptionId } = await trialist();
    await advanceClock(customerId, 11);
    const reminder = await translatedOf("customer.subscription.trial_will_end");
    expect(reminder[0]).toMatchObject({ type: "subscription.trial_will_end" });
    expect(snapshotOf(reminder)).toMatchObject({ subscriptionId, status: "trialing", plan: "pro" });
    await advanceClock(customerId, 4);
    const deleted = await translatedOf("customer.subscription.deleted");
    expect(deleted[0]!.type).toBe("subscription.deleted");
    expect(snapshotOf(deleted)).toMatchObject({ subscriptionId, status: "canceled", plan: "pro" });
    expect(stripe.billing.subscriptions.get(subscriptionId)!.cancellation_details).toMatchObject({
      reason: "trial_end_without_payment_method",
    });
    expect(
      sent("invoice.paid").filter((d) => (d.event.data as { object: { total: number } }).object.total > 0),
    ).toEqual([]);
  });

  it("with a card added in the portal, the trial's end bills €19 and the subscription becomes active", async () => {
    const { customerId, subscriptionId } = await trialist();
    await stripe.billing.setCard(customerId, "4242 4242 4242 4242");
    const updated = snapshotOf(await translatedOf("customer.subscription.updated"));
    expect(updated).toMatchObject({ subscriptionId, status: "trialing", hasPaymentMethod: true });
    expect(updated.cardFingerprint).toMatch(/^\S{8,}$/);
    await advanceClock(customerId, 15);
    const [paid] = await translatedOf("invoice.paid");
    expect(paid).toMatchObject({
      type: "invoice.paid",
      invoice: { customerId, plan: "pro", amountMinor: 1900, currency: "EUR", status: "paid" },
    });
    expect(snapshotOf(await translatedOf("customer.subscription.updated"))).toMatchObject({
      status: "active",
      trialEndsAt: null,
    });
    expect(sent("customer.subscription.deleted")).toEqual([]);
  });
});

describe("checkout in subscription mode", () => {
  it("opens a hosted checkout for the plan's price and translates its completion into an active subscription", async () => {
    const { customerId, checkoutId, subscriptionId, userId } = await subscriber("business");
    const session = stripe.billing.checkoutSessions.get(checkoutId)!;
    expect(session).toMatchObject({ mode: "subscription", customer: customerId, client_reference_id: userId });
    expect(String(session.url)).toContain(`/c/pay/${checkoutId}`);
    const translated = await translatedSince();
    expect(translated.map((t) => t.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    const completed = translated[2]!.events;
    expect(completed[0]).toMatchObject({
      type: "subscription.updated",
      eventId: sent("checkout.session.completed")[0]!.event.id,
    });
    expect(snapshotOf(completed)).toMatchObject({
      customerId,
      subscriptionId,
      plan: "business",
      status: "active",
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      hasPaymentMethod: true,
    });
    expect(snapshotOf(completed).currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY * 1000);
    const [invoice] = translated[1]!.events;
    expect(invoice).toMatchObject({ type: "invoice.paid", invoice: { plan: "business", amountMinor: 4900 } });
    if (invoice?.type !== "invoice.paid") throw new Error("not an invoice");
    expect(invoice.invoice.hostedUrl).toMatch(/^http/);
    expect(invoice.invoice.pdfUrl).toMatch(/\/pdf$/);
    expect(invoice.createdAt).toBeInstanceOf(Date);
  });

  it("a declined card leaves the session open and no subscription", async () => {
    const userId = crypto.randomUUID();
    const { customerId } = await provider.createCustomer({ userId, email: "d@example.com" });
    const { checkoutId } = await provider.createCheckout({
      userId,
      email: "d@example.com",
      customerId,
      plan: "enterprise",
      successUrl: `${APP}/choose-plan?checkout=enterprise`,
      cancelUrl: `${APP}/choose-plan`,
    });
    expect(await stripe.billing.completeCheckout(checkoutId, { card: "4000 0000 0000 0002" })).toEqual({ paid: false });
    expect(stripe.billing.checkoutSessions.get(checkoutId)!.status).toBe("open");
    expect(stripe.billing.deliveries.length).toBe(delivered);
  });

  it("a payment checkout's completion (a creator's sale) means nothing to billing", async () => {
    const body = JSON.stringify({
      id: "evt_sale",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cs_sale", object: "checkout.session", mode: "payment", subscription: null } },
    });
    const headers = new Headers({ "stripe-signature": stripe.sign(body, { secret: stripe.billing.webhookSecret }) });
    expect(await provider.verifyWebhook(body, headers)).toEqual([]);
  });
});

describe("changing the plan", () => {
  it("upgrades at once with a prorated invoice", async () => {
    const { subscriptionId } = await subscriber("business");
    const events = await provider.changePlan({ subscriptionId, plan: "enterprise", when: "now" });
    expect(snapshotOf(events)).toMatchObject({ plan: "enterprise", status: "active" });
    const update = stripe.requests
      .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === "POST")
      .at(-1)!;
    expect(update.params).toMatchObject({
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    const [proration] = await translatedOf("invoice.paid");
    if (proration?.type !== "invoice.paid") throw new Error("no invoice");
    expect(proration.invoice.plan).toBe("enterprise");
    expect(proration.invoice.amountMinor).toBeGreaterThan(2900);
    expect(proration.invoice.amountMinor).toBeLessThanOrEqual(3000);
  });

  it("an upgrade whose prorated payment fails leaves the plan as it was", async () => {
    const { customerId, subscriptionId } = await subscriber("business");
    await stripe.billing.setCard(customerId, "4000 0000 0000 0341");
    const events = await provider.changePlan({ subscriptionId, plan: "enterprise", when: "now" });
    expect(snapshotOf(events)).toMatchObject({ plan: "business", status: "active" });
    expect(sent("invoice.payment_failed")).toHaveLength(1);
    expect(stripe.billing.subscriptions.get(subscriptionId)!.pending_update).not.toBeNull();
  });

  it("schedules a downgrade for the period's end, which resume takes back and the period's end applies", async () => {
    const { customerId, subscriptionId } = await subscriber("enterprise");
    const scheduled = snapshotOf(await provider.changePlan({ subscriptionId, plan: "business", when: "period_end" }));
    expect(scheduled).toMatchObject({ plan: "enterprise", scheduledPlan: "business", cancelAtPeriodEnd: false });
    expect(snapshotOf(await provider.resume({ subscriptionId }))).toMatchObject({
      plan: "enterprise",
      scheduledPlan: null,
    });
    await provider.changePlan({ subscriptionId, plan: "pro", when: "period_end" });
    delivered = stripe.billing.deliveries.length;
    await advanceClock(customerId, 32);
    const renewed = snapshotOf(await translatedOf("customer.subscription.updated"));
    expect(renewed).toMatchObject({ plan: "pro", status: "active", scheduledPlan: null });
    const [invoice] = await translatedOf("invoice.paid");
    expect(invoice).toMatchObject({ invoice: { plan: "pro", amountMinor: 1900 } });
  });

  it("an upgrade after a scheduled downgrade cancels the downgrade", async () => {
    const { subscriptionId } = await subscriber("business");
    await provider.changePlan({ subscriptionId, plan: "pro", when: "period_end" });
    const upgraded = snapshotOf(await provider.changePlan({ subscriptionId, plan: "enterprise", when: "now" }));
    expect(upgraded).toMatchObject({ plan: "enterprise", scheduledPlan: null });
  });

  it("down to Starter is a cancellation at the period's end", async () => {
    const { subscriptionId } = await subscriber("business");
    expect(
      snapshotOf(await provider.changePlan({ subscriptionId, plan: "starter", when: "period_end" })),
    ).toMatchObject({
      plan: "business",
      cancelAtPeriodEnd: true,
    });
  });
});

describe("cancelling and resuming", () => {
  it("cancels at the period's end, resumes before it, and ends the subscription at the period's end", async () => {
    const { customerId, subscriptionId } = await subscriber("business");
    delivered = stripe.billing.deliveries.length;
    expect(snapshotOf(await provider.cancelAtPeriodEnd({ subscriptionId }))).toMatchObject({ cancelAtPeriodEnd: true });
    expect(snapshotOf(await translatedOf("customer.subscription.updated"))).toMatchObject({ cancelAtPeriodEnd: true });
    expect(snapshotOf(await provider.resume({ subscriptionId }))).toMatchObject({
      cancelAtPeriodEnd: false,
      status: "active",
    });
    await provider.cancelAtPeriodEnd({ subscriptionId });
    await advanceClock(customerId, 32);
    expect(snapshotOf(await translatedOf("customer.subscription.deleted"))).toMatchObject({ status: "canceled" });
    expect(sent("invoice.paid").length).toBe(0);
  });

  it("an answer's event ids are unique, so each is applied once", async () => {
    const { subscriptionId } = await subscriber("business");
    const a = await provider.cancelAtPeriodEnd({ subscriptionId });
    const b = await provider.resume({ subscriptionId });
    expect(a[0]!.eventId).not.toBe(b[0]!.eventId);
    expect(a[0]!.eventId).toMatch(/^req_/);
  });
});

describe("a failed renewal", () => {
  it("goes past due with invoice.payment_failed, retries, and is deleted when every retry fails", async () => {
    const { customerId, subscriptionId } = await subscriber("business");
    await stripe.billing.setCard(customerId, "4000 0000 0000 0341");
    await advanceClock(customerId, 31);
    const [failed] = await translatedOf("invoice.payment_failed");
    expect(failed).toMatchObject({ type: "invoice.payment_failed", invoice: { plan: "business", status: "failed" } });
    expect(snapshotOf(await translatedOf("customer.subscription.updated"))).toMatchObject({
      subscriptionId,
      status: "past_due",
    });
    await advanceClock(customerId, 15);
    expect(sent("invoice.payment_failed").length).toBe(4);
    expect(snapshotOf(await translatedOf("customer.subscription.deleted"))).toMatchObject({ status: "canceled" });
  });

  it("a card that works again settles the invoice at the next retry", async () => {
    const { customerId } = await subscriber("business");
    await stripe.billing.setCard(customerId, "4000 0000 0000 0341");
    await advanceClock(customerId, 31);
    await stripe.billing.setCard(customerId, "4242 4242 4242 4242");
    delivered = stripe.billing.deliveries.length;
    await advanceClock(customerId, 4);
    expect(snapshotOf(await translatedOf("customer.subscription.updated"))).toMatchObject({ status: "active" });
    expect(sent("invoice.paid").length).toBe(1);
  });
});

describe("the portal and invoices", () => {
  it("opens the customer portal with the return address", async () => {
    const { customerId } = await subscriber("business");
    const url = await provider.portalUrl({ customerId, returnUrl: `${APP}/settings/billing` });
    expect(url).toMatch(new RegExp(`^${stripe.origin}/p/session/bps_`));
    const session = [...stripe.billing.portalSessions.values()].at(-1)!;
    expect(session).toMatchObject({ customer: customerId, return_url: `${APP}/settings/billing` });
  });

  it("lists the customer's invoices newest first with Stripe's hosted page and PDF", async () => {
    const { customerId } = await subscriber("business");
    await advanceClock(customerId, 32);
    const invoices = await provider.listInvoices({ customerId });
    expect(invoices).toHaveLength(2);
    expect(invoices[0]!.periodStart.getTime()).toBeGreaterThan(invoices[1]!.periodStart.getTime());
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({
        customerId,
        plan: "business",
        amountMinor: 4900,
        currency: "EUR",
        status: "paid",
      });
      expect(invoice.hostedUrl).toContain(`/i/${invoice.invoiceId}`);
      expect(invoice.pdfUrl).toContain(`/i/${invoice.invoiceId}/pdf`);
    }
  });
});

describe("webhook verification", () => {
  it("refuses a missing, forged, foreign, stale, future-dated or tampered signature", async () => {
    await subscriber("business");
    const delivery = sent("checkout.session.completed")[0]!;
    const now = Math.floor(Date.now() / 1000);
    const signed = (options: { timestamp?: number; secret?: string }) =>
      new Headers({
        "stripe-signature": stripe.sign(delivery.body, { secret: stripe.billing.webhookSecret, ...options }),
      });
    await expect(provider.verifyWebhook(delivery.body, new Headers())).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(
      provider.verifyWebhook(delivery.body, new Headers({ "stripe-signature": `t=${now},v1=${"0".repeat(64)}` })),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    // The payments endpoint's secret does not sign billing events.
    await expect(
      provider.verifyWebhook(delivery.body, signed({ secret: stripe.webhookSecret })),
    ).rejects.toBeInstanceOf(WebhookVerificationError);
    await expect(provider.verifyWebhook(delivery.body, signed({ timestamp: now - 301 }))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(
      provider.verifyWebhook(delivery.body, signed({ timestamp: now + STRIPE_WEBHOOK_MAX_FUTURE_SECONDS + 10 })),
    ).rejects.toThrow(/future/);
    const tampered = delivery.body.replace('"checkout.session.completed"', '"customer.subscription.deleted"');
    await expect(provider.verifyWebhook(tampered, headersOf(delivery))).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
    await expect(provider.verifyWebhook(delivery.body, headersOf(delivery))).resolves.toHaveLength(1);
  });

  it("ignores event types billing does not act on", async () => {
    const { customerId } = await trialist();
    await advanceClock(customerId, 1);
    const ready = sent("test_helpers.test_clock.ready")[0]!;
    expect(await provider.verifyWebhook(ready.body, headersOf(ready))).toEqual([]);
  });

  it("keeps the event's id and creation time on every translated event", async () => {
    await subscriber("business");
    for (const delivery of stripe.billing.deliveries.slice(delivered)) {
      for (const event of await provider.verifyWebhook(delivery.body, headersOf(delivery))) {
        expect(event.eventId).toBe(delivery.event.id);
        expect(event.createdAt.getTime()).toBe((delivery.event.created as number) * 1000);
      }
    }
  });
});
