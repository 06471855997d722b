import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { startPlanCheckout } from "~/domains/billing/server/start-plan-checkout.server";
import { startProTrial } from "~/domains/billing/server/start-pro-trial.server";
import type { AppServices } from "~/server/services.server";
import { stripeClientConfig } from "~/server/stripe-client.server";
import { type StripeDelivery, type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// Stripe Billing end to end: the billing verbs call the Stripe stand-in, whose signed webhooks come back through
// POST /api/webhooks/billing/stripe into the real database; the stand-in's test clocks move each creator's time.

const DAY = 86_400;
const META = { ipAddress: "203.0.113.9", userAgent: "vitest" };

let stripe: StripeStandIn;
let server: TestServer;
let services: AppServices;
let sdk: Stripe;
let webhookUrl: string;

async function creator() {
  const userId = randomUUID();
  const email = `${userId}@example.com`;
  await server.db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${userId}, 'Billing Creator', ${email}, true)`,
  );
  return { userId, email };
}

const customerOf = (userId: string) =>
  [...stripe.billing.customers.values()].find(
    (customer) => (customer.metadata as { user_id?: string }).user_id === userId,
  )!;

async function advanceClock(userId: string, days: number) {
  const clockId = stripe.billing.clockOf(customerOf(userId).id)!;
  const clock = await sdk.testHelpers.testClocks.retrieve(clockId);
  await sdk.testHelpers.testClocks.advance(clockId, { frozen_time: clock.frozen_time + days * DAY });
  await stripe.billing.idle();
}

function post(delivery: Pick<StripeDelivery, "body" | "headers">) {
  return fetch(webhookUrl, { method: "POST", headers: delivery.headers, body: delivery.body });
}

/** A delivery of Stripe's made again under a new event id and an earlier creation time, freshly signed. */
function olderCopy(delivery: StripeDelivery, secondsEarlier: number) {
  const event = {
    ...delivery.event,
    id: `evt_${randomUUID().replace(/-/g, "")}`,
    created: (delivery.event.created as number) - secondsEarlier,
  };
  const body = JSON.stringify(event);
  return {
    body,
    headers: { ...delivery.headers, "stripe-signature": stripe.sign(body, { secret: stripe.billing.webhookSecret }) },
  };
}

async function subscribeToBusiness() {
  const actor = await creator();
  const started = await startPlanCheckout(services, actor, { plan: "business", returnTo: "billing" }, META);
  if (!started.ok) throw new Error(started.message);
  const hosted = new URL(started.url);
  expect(hosted.origin).toBe(stripe.origin);
  const sessionId = hosted.pathname.split("/").pop()!;
  return { actor, sessionId, hostedUrl: hosted.href };
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  stripe.billing.clockPerCustomer = true;
  server = await startTestServer({
    ...stripe.env,
    STRIPE_BILLING_WEBHOOK_SECRET: stripe.billing.webhookSecret,
    PAYMENTS_TEST_MODE: "off",
    BILLING_TEST_MODE: "off",
  });
  webhookUrl = `${server.origin}/api/webhooks/billing/stripe`;
  stripe.billing.webhookUrl = webhookUrl;
  services = server.sourceServices();
  sdk = new Stripe(stripe.secretKey, stripeClientConfig(stripe.origin));
});

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

describe("the endpoint", () => {
  it("refuses an unsigned or forged delivery with 400, stores nothing, and answers only POST", async () => {
    const body = JSON.stringify({ id: "evt_forged", object: "event", type: "invoice.paid", created: 1, data: {} });
    const unsigned = await fetch(webhookUrl, { method: "POST", body, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    expect(unsigned.headers.get("cache-control")).toBe("no-store");
    expect(await unsigned.json()).toMatchObject({ received: false });
    const forged = await fetch(webhookUrl, {
      method: "POST",
      body,
      headers: { "stripe-signature": stripe.sign(body, { secret: "whsec_not_ours" }) },
    });
    expect(forged.status).toBe(400);
    const stored = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from billing_events where event_id = 'evt_forged'`,
    );
    expect(stored.rows[0]!.n).toBe(0);
    expect((await fetch(webhookUrl)).status).toBe(405);
  });
});

describe("the Pro trial through Stripe", () => {
  it("starts with no card and, past 14 days without one, puts the creator back on Starter", async () => {
    const actor = await creator();
    const started = await startProTrial(services, actor, META);
    if (!started.ok) throw new Error(started.message);
    expect(started.state).toMatchObject({ plan: "pro", status: "trialing", provider: "stripe" });
    await stripe.billing.idle();
    await advanceClock(actor.userId, 11);
    expect(stripe.billing.deliveries.some((d) => d.event.type === "customer.subscription.trial_will_end")).toBe(true);
    expect(await readBillingState(server.db, actor.userId)).toMatchObject({ plan: "pro", status: "trialing" });
    await advanceClock(actor.userId, 4);
    const state = await readBillingState(server.db, actor.userId);
    expect(state.plan).toBe("starter");
    expect(state.status).not.toBe("trialing");
    expect(state.trialUsed).toBe(true);
    // A second trial is refused.
    const again = await startProTrial(services, actor, META);
    expect(again).toMatchObject({ ok: false, code: "BILLING_TRIAL_USED" });
  });
});

describe("Business through Stripe Checkout", () => {
  it("starts only when the checkout's payment is reported, never on the return", async () => {
    const { actor, hostedUrl } = await subscribeToBusiness();
    expect((await readBillingState(server.db, actor.userId)).plan).toBe("starter");
    const page = await fetch(hostedUrl);
    expect(await page.text()).toContain("Subscribe to Sellkit Business");
    // The creator pays on Stripe's hosted page and is sent back to the billing page.
    const paid = await fetch(hostedUrl, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${server.origin}/settings/billing?checkout=business`);
    await stripe.billing.idle();
    expect(await readBillingState(server.db, actor.userId)).toMatchObject({
      plan: "business",
      status: "active",
      provider: "stripe",
      hasPaymentMethod: true,
    });
  });

  it("a failed renewal goes past due, and when Stripe gives up the plan lapses to Starter", async () => {
    const { actor, sessionId } = await subscribeToBusiness();
    await stripe.billing.completeCheckout(sessionId);
    await stripe.billing.setCard(customerOf(actor.userId).id, "4000 0000 0000 0341");
    await advanceClock(actor.userId, 31);
    const pastDue = await readBillingState(server.db, actor.userId);
    expect(pastDue).toMatchObject({ plan: "business", status: "past_due" });
    expect(pastDue.graceEndsAt).not.toBeNull();
    await advanceClock(actor.userId, 15);
    expect(await readBillingState(server.db, actor.userId)).toMatchObject({ plan: "starter", status: "lapsed" });

    // Stripe delivering the deletion again changes nothing: it is applied once.
    const deletion = stripe.billing.deliveries.filter((d) => d.event.type === "customer.subscription.deleted").at(-1)!;
    const again = await post(deletion);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, applied: 0, duplicates: 1 });

    // An older snapshot (active, from before the failure) arriving late does not bring the plan back.
    const active = stripe.billing.deliveries.find(
      (d) =>
        d.event.type === "customer.subscription.created" &&
        (d.event.data as { object: { customer: string } }).object.customer === customerOf(actor.userId).id,
    )!;
    const late = await post(olderCopy(active, 60));
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ received: true, applied: 0, duplicates: 0 });
    expect(await readBillingState(server.db, actor.userId)).toMatchObject({ plan: "starter", status: "lapsed" });
  });
});
