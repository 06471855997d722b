import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { advanceTestClock } from "~/domains/billing/server/advance-test-clock.server";
import { applyBillingEvents } from "~/domains/billing/server/apply-billing-events.server";
import type { BillingEvent, SubscriptionSnapshot } from "~/domains/billing/server/billing-provider.server";
import type { BillingServices } from "~/domains/billing/server/billing-services.server";
import { cancelSubscription } from "~/domains/billing/server/cancel-subscription.server";
import { changePlan } from "~/domains/billing/server/change-plan.server";
import { listBillingInvoices } from "~/domains/billing/server/list-billing-invoices.server";
import { openBillingPortal } from "~/domains/billing/server/open-billing-portal.server";
import { payTestCheckout } from "~/domains/billing/server/pay-test-checkout.server";
import { readBillingHistory } from "~/domains/billing/server/read-billing-history.server";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { readTestCheckout } from "~/domains/billing/server/read-test-checkout.server";
import { readTestInvoice } from "~/domains/billing/server/read-test-invoice.server";
import { resumeSubscription } from "~/domains/billing/server/resume-subscription.server";
import { runDueBilling } from "~/domains/billing/server/run-due-billing.server";
import { setTestCard } from "~/domains/billing/server/set-test-card.server";
import { startPlanCheckout } from "~/domains/billing/server/start-plan-checkout.server";
import { startProTrial } from "~/domains/billing/server/start-pro-trial.server";
import { platformFee } from "~/domains/orders/platform-fee";
import { choosePlan } from "~/domains/workspace/server/choose-plan.server";
import { readCheckoutProduct } from "~/flows/checkout/server/read-checkout-product.server";
import { PLAN_IDS, type PlanId } from "~/lib/plans";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { outboxOnlyMailer, putOnPlan } from "../../support/billing-plan";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices } from "../../support/test-services";

// Sellkit's own plans on the built-in test provider, through the verbs on a real database: trials, checkouts,
// renewals, grace and lapse on the moved clock, plan changes, and the events applied once and in order.

const PAYS = "4242 4242 4242 4242";
const OTHER_PAYS = "5555 5555 5555 4444";
const DECLINED = "4000 0000 0000 0002";
const FAILS_CHARGES = "4000 0000 0000 0341";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: BillingServices;

type Creator = Seller & { userId: string; email: string };

async function creator(): Promise<Creator> {
  const seller = await createSeller(db, { priceCents: 1000 });
  const email = `seller-${seller.id}@example.com`;
  return { ...seller, userId: seller.id, email };
}

/** Sellkit's fee on a €10 sale of the creator's product, as the checkout computes it. */
async function feeOf(seller: Creator): Promise<number> {
  const product = await readCheckoutProduct(db, { productId: seller.productId });
  return platformFee(1000, product!.plan);
}

async function subjects(to: string): Promise<string[]> {
  const result = await db.execute<{ subject: string }>(
    sql`select subject from mail_outbox where "to" = ${to} order by created_at`,
  );
  return result.rows.map((row) => row.subject);
}

const actorOf = (c: Creator) => ({ userId: c.userId, email: c.email });

async function subscribeByCheckout(c: Creator, plan: "pro" | "business" | "enterprise", card = PAYS) {
  const started = await startPlanCheckout(services, actorOf(c), { plan, returnTo: "billing" }, {});
  if (!started.ok) throw new Error(started.code);
  const checkoutId = started.url.split("/").pop()!;
  return { checkoutId, paid: await payTestCheckout(services, actorOf(c), { checkoutId, card }, {}) };
}

async function advance(c: Creator, days: number) {
  const moved = await advanceTestClock(services, actorOf(c), { days }, {});
  if (!moved.ok) throw new Error(moved.code);
  return moved.state;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const made = makeTestServices(db);
  await made.mailer.close();
  services = { ...made, mailer: outboxOnlyMailer(db) };
});
afterAll(async () => {
  await database?.drop();
});

describe("Pro's trial", () => {
  it("starts without a card at 0% fee, reminds 3 days before the end, then returns to Starter's 8%", async () => {
    const ada = await creator();
    expect(await feeOf(ada)).toBe(80);
    const started = await startProTrial(services, actorOf(ada), {});
    expect(started).toMatchObject({ ok: true, state: { plan: "pro", status: "trialing", trialUsed: true } });
    expect(await feeOf(ada)).toBe(0);

    const day11 = await advance(ada, 11);
    expect(day11).toMatchObject({ plan: "pro", status: "trialing" });
    expect(await subjects(ada.email)).toEqual([expect.stringMatching(/^Your Pro trial ends on /)]);

    const day15 = await advance(ada, 4);
    expect(day15).toMatchObject({ plan: "starter", status: "canceled", subscribedPlan: "pro" });
    expect(await feeOf(ada)).toBe(80);
    expect((await subjects(ada.email)).at(-1)).toBe("Your Pro trial has ended");
    const kinds = (await readBillingHistory(db, ada.userId)).map((entry) => entry.kind);
    expect(kinds).toEqual(["trial_ended", "trial_started"]);
    const audit = await db.execute<{ event_type: string }>(
      sql`select event_type from security_audit where user_id = ${ada.userId} order by created_at`,
    );
    expect(audit.rows.map((row) => row.event_type)).toEqual(["billing_trial_started", "billing_trial_ended"]);

    expect(await startProTrial(services, actorOf(ada), {})).toMatchObject({ ok: false, code: "BILLING_TRIAL_USED" });
    expect(await feeOf(ada)).toBe(80);
  });

  it("a card added during the trial is charged at its end: active on Pro with a paid invoice", async () => {
    const ada = await creator();
    await startProTrial(services, actorOf(ada), {});
    expect(await setTestCard(services, actorOf(ada), { card: OTHER_PAYS }, {})).toMatchObject({
      ok: true,
      state: { hasPaymentMethod: true },
    });
    const after = await advance(ada, 15);
    expect(after).toMatchObject({ plan: "pro", status: "active" });
    const invoices = await listBillingInvoices(db, ada.userId);
    expect(invoices).toMatchObject([{ plan: "pro", amountMinor: 1900, status: "paid" }]);
    expect(await readTestInvoice(db, ada.userId, invoices[0]!.invoiceId)).toMatchObject({ amountMinor: 1900 });
    expect(await feeOf(ada)).toBe(0);
  });

  it("an ended trial comes back with a card: add a card and resume", async () => {
    const ada = await creator();
    await startProTrial(services, actorOf(ada), {});
    await advance(ada, 15);
    expect(await resumeSubscription(services, actorOf(ada), {})).toMatchObject({
      ok: false,
      code: "BILLING_CARD_REQUIRED",
    });
    await setTestCard(services, actorOf(ada), { card: PAYS }, {});
    expect(await resumeSubscription(services, actorOf(ada), {})).toMatchObject({
      ok: true,
      state: { plan: "pro", status: "active" },
    });
    expect(await feeOf(ada)).toBe(0);
  });

  it("one trial per card: a card that had a trial on another creator's account is refused while trialing", async () => {
    const ada = await creator();
    const bob = await creator();
    const card = "4000 0566 5566 5556";
    await startProTrial(services, actorOf(ada), {});
    expect((await setTestCard(services, actorOf(ada), { card }, {})).ok).toBe(true);
    await startProTrial(services, actorOf(bob), {});
    expect(await setTestCard(services, actorOf(bob), { card }, {})).toMatchObject({
      ok: false,
      code: "BILLING_CARD_TRIAL_USED",
    });
    expect((await readBillingState(db, bob.userId)).hasPaymentMethod).toBe(false);
    expect(await setTestCard(services, actorOf(bob), { card: DECLINED }, {})).toMatchObject({
      ok: false,
      code: "BILLING_CARD_DECLINED",
    });
  });
});

describe("paid plans through the test checkout", () => {
  it("Business: nothing before payment, an abandoned checkout changes nothing, active with an invoice after", async () => {
    const ada = await creator();
    const started = await startPlanCheckout(services, actorOf(ada), { plan: "business", returnTo: "choose-plan" }, {});
    expect(started).toMatchObject({ ok: true, url: expect.stringMatching(/^\/billing\/test\/checkout\/tcs_/) });
    const checkoutId = started.ok ? started.url.split("/").pop()! : "";
    expect(await readTestCheckout(db, ada.userId, checkoutId)).toMatchObject({
      plan: "business",
      amountMinor: 4900,
      status: "open",
      successUrl: "http://localhost/choose-plan?checkout=business",
      cancelUrl: "http://localhost/choose-plan",
    });
    const other = await creator();
    expect(await readTestCheckout(db, other.userId, checkoutId)).toBeNull();
    expect((await readBillingState(db, ada.userId)).status).toBe("none");
    expect(await feeOf(ada)).toBe(80);
    // Picking a paid plan on 'Choose Your Plan' grants nothing.
    await choosePlan(db, ada.userId, "business");
    expect(await feeOf(ada)).toBe(80);

    const paid = await payTestCheckout(services, actorOf(ada), { checkoutId, card: PAYS }, {});
    expect(paid).toEqual({ ok: true, url: "http://localhost/choose-plan?checkout=business" });
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "business", status: "active" });
    expect(await feeOf(ada)).toBe(0);
    expect(await listBillingInvoices(db, ada.userId)).toMatchObject([
      { plan: "business", amountMinor: 4900, currency: "eur", status: "paid" },
    ]);
    expect(await payTestCheckout(services, actorOf(ada), { checkoutId, card: PAYS }, {})).toMatchObject({
      ok: false,
      code: "BILLING_ALREADY_SUBSCRIBED",
    });
    expect(await subjects(ada.email)).toEqual(["Your Business plan is active", "Payment received for Business"]);
  });

  it("a checkout or invoice id of the wrong shape (a NUL, a long value) names nothing, for the owner too", async () => {
    const ada = await creator();
    const started = await startPlanCheckout(services, actorOf(ada), { plan: "business", returnTo: "billing" }, {});
    expect(started.ok).toBe(true);
    for (const id of ["\u0000", "tcs_\u0000", "x".repeat(5000), "tcs_missing"]) {
      expect(await readTestCheckout(db, ada.userId, id)).toBeNull();
      expect(await readTestInvoice(db, ada.userId, id)).toBeNull();
      expect(await payTestCheckout(services, actorOf(ada), { checkoutId: id, card: PAYS }, {})).toMatchObject({
        ok: false,
        code: "BILLING_CHECKOUT_NOT_FOUND",
      });
    }
  });

  it("a declined card at checkout grants no plan", async () => {
    const ada = await creator();
    const { paid } = await subscribeByCheckout(ada, "enterprise", DECLINED);
    expect(paid).toMatchObject({ ok: false, code: "BILLING_CARD_DECLINED" });
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "starter", status: "none" });
    expect(await listBillingInvoices(db, ada.userId)).toEqual([]);
    expect(await feeOf(ada)).toBe(80);
  });

  it("a declined renewal is past due with the plan kept, retried on days 3, 5 and 7, and lapses after the grace", async () => {
    const ada = await creator();
    await subscribeByCheckout(ada, "business");
    await setTestCard(services, actorOf(ada), { card: FAILS_CHARGES }, {});
    const due = await advance(ada, 32);
    expect(due).toMatchObject({ plan: "business", status: "past_due" });
    expect(await feeOf(ada)).toBe(0);
    expect(due.graceEndsAt).not.toBeNull();
    expect((await subjects(ada.email)).at(-1)).toBe("We could not charge your card for Business");

    const day13 = await advance(ada, 10);
    expect(day13.status).toBe("past_due");
    const lapsed = await advance(ada, 5);
    expect(lapsed).toMatchObject({ plan: "starter", status: "lapsed" });
    expect(await feeOf(ada)).toBe(80);
    const kinds = (await readBillingHistory(db, ada.userId)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "payment_failed")).toHaveLength(4);
    expect(kinds[0]).toBe("lapsed");
    expect((await subjects(ada.email)).at(-1)).toBe("Your Business plan has ended");
  });

  it("a good card while past due pays the open invoice at once", async () => {
    const ada = await creator();
    await subscribeByCheckout(ada, "pro");
    await setTestCard(services, actorOf(ada), { card: FAILS_CHARGES }, {});
    await advance(ada, 31);
    const fixed = await setTestCard(services, actorOf(ada), { card: PAYS }, {});
    expect(fixed).toMatchObject({ ok: true, state: { status: "active", graceEndsAt: null } });
  });
});

describe("changing, cancelling and resuming", () => {
  it("a downgrade waits for the period's end; an upgrade then applies at once with proration", async () => {
    const ada = await creator();
    await subscribeByCheckout(ada, "business");
    expect(await changePlan(services, actorOf(ada), { plan: "business" }, {})).toMatchObject({
      ok: false,
      code: "BILLING_SAME_PLAN",
    });
    expect(await changePlan(services, actorOf(ada), { plan: "pro" }, {})).toEqual({ ok: true, when: "period_end" });
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "business", scheduledPlan: "pro" });
    await advance(ada, 10);
    expect(await changePlan(services, actorOf(ada), { plan: "enterprise" }, {})).toEqual({ ok: true, when: "now" });
    const state = await readBillingState(db, ada.userId);
    expect(state).toMatchObject({ plan: "enterprise", scheduledPlan: null, status: "active" });
    const [proration] = await listBillingInvoices(db, ada.userId);
    // (79 − 49) € for about 20 of 30 or 31 days left.
    expect(proration!.plan).toBe("enterprise");
    expect(proration!.amountMinor).toBeGreaterThan(1800);
    expect(proration!.amountMinor).toBeLessThan(2100);
    const kinds = (await readBillingHistory(db, ada.userId)).map((entry) => entry.kind);
    expect(kinds.slice(0, 3)).toEqual(["payment_succeeded", "upgraded", "downgrade_scheduled"]);
  });

  it("a scheduled downgrade happens at the period's end and bills the lower plan", async () => {
    const ada = await creator();
    await subscribeByCheckout(ada, "business");
    await changePlan(services, actorOf(ada), { plan: "pro" }, {});
    expect(await advance(ada, 32)).toMatchObject({ plan: "pro", scheduledPlan: null, status: "active" });
    expect((await listBillingInvoices(db, ada.userId))[0]).toMatchObject({ plan: "pro", amountMinor: 1900 });
  });

  it("choosing the current plan again takes a scheduled downgrade back", async () => {
    const ada = await creator();
    await subscribeByCheckout(ada, "business");
    await changePlan(services, actorOf(ada), { plan: "pro" }, {});
    expect(await changePlan(services, actorOf(ada), { plan: "business" }, {})).toEqual({ ok: true, when: "now" });
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "business", scheduledPlan: null });
  });

  it("cancel needs a reason, keeps the plan to the period's end, resumes before it, and ends after it", async () => {
    const ada = await creator();
    expect(await cancelSubscription(services, actorOf(ada), { reason: "x" }, {})).toMatchObject({
      code: "BILLING_NO_SUBSCRIPTION",
    });
    await subscribeByCheckout(ada, "pro");
    expect(await cancelSubscription(services, actorOf(ada), { reason: "  " }, {})).toMatchObject({
      code: "BILLING_CANCEL_REASON_REQUIRED",
    });
    const cancelled = await cancelSubscription(services, actorOf(ada), { reason: "Too expensive" }, {});
    const state = await readBillingState(db, ada.userId);
    expect(cancelled).toEqual({ ok: true, endsAt: state.currentPeriodEnd });
    expect(state).toMatchObject({ plan: "pro", cancelAtPeriodEnd: true });
    expect(await cancelSubscription(services, actorOf(ada), { reason: "again" }, {})).toMatchObject({
      code: "BILLING_ALREADY_CANCELLED",
    });
    expect(await resumeSubscription(services, actorOf(ada), {})).toMatchObject({
      ok: true,
      state: { cancelAtPeriodEnd: false },
    });
    expect(await resumeSubscription(services, actorOf(ada), {})).toMatchObject({ code: "BILLING_NOT_CANCELLED" });
    await cancelSubscription(services, actorOf(ada), { reason: "Closing the shop" }, {});
    expect(await advance(ada, 32)).toMatchObject({ plan: "starter", status: "canceled" });
    expect(await feeOf(ada)).toBe(80);
    const kinds = (await readBillingHistory(db, ada.userId)).map((entry) => entry.kind);
    expect(kinds.slice(0, 4)).toEqual(["canceled", "cancel_scheduled", "resumed", "cancel_scheduled"]);
  });

  it("the portal of the test provider returns to the page asked for", async () => {
    const ada = await creator();
    expect(await openBillingPortal(services, actorOf(ada), { returnUrl: "http://localhost/settings/billing" })).toEqual(
      {
        ok: true,
        url: "/billing/test/portal?returnUrl=http%3A%2F%2Flocalhost%2Fsettings%2Fbilling",
      },
    );
  });

  it("with the test provider off, its verbs answer BILLING_TEST_MODE_ONLY", async () => {
    const ada = await creator();
    const off = { ...services, billing: {} };
    expect(await advanceTestClock(off, actorOf(ada), { days: 1 }, {})).toMatchObject({
      code: "BILLING_TEST_MODE_ONLY",
    });
    expect(await startProTrial(off, actorOf(ada), {})).toMatchObject({ code: "BILLING_PROVIDER_UNREACHABLE" });
    expect(await advanceTestClock(services, actorOf(ada), { days: 0 }, {})).toMatchObject({
      code: "BILLING_TEST_CLOCK_DAYS",
    });
  });
});

describe("applying provider events", () => {
  async function testCustomer(c: Creator): Promise<string> {
    await advance(c, 1);
    const result = await db.execute<{ customer_id: string }>(
      sql`select customer_id from billing_customers where user_id = ${c.userId}`,
    );
    return result.rows[0]!.customer_id;
  }

  const snapshot = (customerId: string, changes: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
    customerId,
    subscriptionId: `tsub_${customerId}`,
    plan: "business",
    status: "active",
    trialEndsAt: null,
    currentPeriodEnd: new Date("2030-01-01T00:00:00Z"),
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    hasPaymentMethod: true,
    cardFingerprint: null,
    ...changes,
  });

  it("applies each event once, and an older snapshot delivered late changes nothing", async () => {
    const ada = await creator();
    const customerId = await testCustomer(ada);
    const newer: BillingEvent = {
      eventId: `evt_${randomUUID()}`,
      createdAt: new Date("2029-06-02T00:00:00Z"),
      type: "subscription.updated",
      subscription: snapshot(customerId, { cancelAtPeriodEnd: true }),
    };
    const older: BillingEvent = {
      eventId: `evt_${randomUUID()}`,
      createdAt: new Date("2029-06-01T00:00:00Z"),
      type: "subscription.updated",
      subscription: snapshot(customerId),
    };
    const mail = { mailer: services.mailer, env: services.env };
    expect(await applyBillingEvents(db, "test", [newer, older], mail)).toEqual({ applied: 1, duplicates: 0 });
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "business", cancelAtPeriodEnd: true });
    expect(await applyBillingEvents(db, "test", [newer, older, newer], mail)).toEqual({ applied: 0, duplicates: 3 });
    const outcomes = await db.execute<{ outcome: string }>(
      sql`select outcome from billing_events where event_id in (${newer.eventId}, ${older.eventId}) order by occurred_at`,
    );
    expect(outcomes.rows.map((row) => row.outcome)).toEqual(["stale", "applied"]);
    const history = await readBillingHistory(db, ada.userId);
    expect(history.map((entry) => entry.kind)).toEqual(["subscribed"]);
  });

  it("an event for an unknown customer is recorded as ignored and applies nothing", async () => {
    const event: BillingEvent = {
      eventId: `evt_${randomUUID()}`,
      createdAt: new Date(),
      type: "invoice.paid",
      invoice: {
        invoiceId: "in_unknown",
        customerId: "cus_nobody",
        plan: "enterprise",
        amountMinor: 7900,
        currency: "eur",
        status: "paid",
        periodStart: new Date(),
        periodEnd: new Date(),
        hostedUrl: null,
        pdfUrl: null,
      },
    };
    const mail = { mailer: services.mailer, env: services.env };
    expect(await applyBillingEvents(db, "stripe", [event], mail)).toEqual({ applied: 0, duplicates: 0 });
    const stored = await db.execute<{ outcome: string }>(
      sql`select outcome from billing_events where event_id = ${event.eventId}`,
    );
    expect(stored.rows).toEqual([{ outcome: "ignored" }]);
  });
});

describe("two tabs at once", () => {
  it("two trials started together leave one subscription", async () => {
    const ada = await creator();
    const both = await Promise.all([
      startProTrial(services, actorOf(ada), {}),
      startProTrial(services, actorOf(ada), {}),
    ]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.find((result) => !result.ok)).toMatchObject({ code: "BILLING_ALREADY_SUBSCRIBED" });
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from test_billing_subscriptions s join billing_customers c
        on c.customer_id = s.customer_id where c.user_id = ${ada.userId}`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it("two checkouts paid together leave one subscription and one charge", async () => {
    const ada = await creator();
    const [first, second] = await Promise.all([
      startPlanCheckout(services, actorOf(ada), { plan: "business", returnTo: "billing" }, {}),
      startPlanCheckout(services, actorOf(ada), { plan: "pro", returnTo: "billing" }, {}),
    ]);
    const ids = [first, second].map((started) => (started.ok ? started.url.split("/").pop()! : ""));
    const paid = await Promise.all(
      ids.map((checkoutId) => payTestCheckout(services, actorOf(ada), { checkoutId, card: PAYS }, {})),
    );
    expect(paid.filter((result) => result.ok)).toHaveLength(1);
    expect(await listBillingInvoices(db, ada.userId)).toHaveLength(1);
  });
});

describe("the billing job", () => {
  it("ends a real-time trial that is over and lapses another provider's subscription whose grace ended", async () => {
    const ada = await creator();
    await startProTrial(services, actorOf(ada), {});
    await db.execute(sql`
      update test_billing_subscriptions set trial_ends_at = now() - interval '1 hour'
      where customer_id = (select customer_id from billing_customers where user_id = ${ada.userId})`);
    const bob = await creator();
    await db.execute(
      sql`insert into billing_customers (user_id, provider, customer_id) values (${bob.userId}, 'stripe', ${`cus_${bob.userId}`})`,
    );
    await db.execute(sql`
      insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status, grace_ends_at,
        snapshot_at)
      values (${bob.userId}, 'stripe', ${`cus_${bob.userId}`}, ${`sub_${bob.userId}`}, 'business', 'past_due',
        now() - interval '1 minute', now() - interval '15 days')`);
    expect(await feeOf(bob)).toBe(0);

    const [one, two] = await Promise.all([runDueBilling(services), runDueBilling(services)]);
    expect(one.testCustomers + two.testCustomers).toBeGreaterThanOrEqual(1);
    expect(one.lapsed + two.lapsed).toBe(1);
    expect(await readBillingState(db, ada.userId)).toMatchObject({ plan: "starter", status: "canceled" });
    expect(await readBillingState(db, bob.userId)).toMatchObject({ plan: "starter", status: "lapsed" });
    expect(await feeOf(bob)).toBe(80);
    expect((await readBillingHistory(db, bob.userId)).map((entry) => entry.kind)).toEqual(["lapsed"]);
    expect(await runDueBilling(services)).toEqual({ testCustomers: 0, lapsed: 0 });
  });
});

describe("putOnPlan", () => {
  it("puts a creator on a paid plan through billing, and changes it later", async () => {
    const ada = await creator();
    await putOnPlan(db, ada.userId, "business");
    expect(await feeOf(ada)).toBe(0);
    await putOnPlan(db, ada.userId, "enterprise");
    expect((await readBillingState(db, ada.userId)).plan).toBe("enterprise");
  });
});

describe("no sequence of the creator's own actions puts the fee at 0 without a trial or a paid invoice", () => {
  const cards = [PAYS, OTHER_PAYS, DECLINED, FAILS_CHARGES, "1234"];
  const paidPlans = ["pro", "business", "enterprise"] as const;
  const action = fc.oneof(
    fc.constant({ verb: "trial" as const }),
    fc.record({
      verb: fc.constant("checkout" as const),
      plan: fc.constantFrom(...paidPlans),
      card: fc.constantFrom(...cards),
    }),
    fc.record({ verb: fc.constant("abandon" as const), plan: fc.constantFrom(...paidPlans) }),
    fc.record({ verb: fc.constant("change" as const), plan: fc.constantFrom(...PLAN_IDS) }),
    fc.constant({ verb: "cancel" as const }),
    fc.constant({ verb: "resume" as const }),
    fc.record({ verb: fc.constant("card" as const), card: fc.constantFrom(...cards) }),
    fc.record({ verb: fc.constant("clock" as const), days: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ verb: fc.constant("choose" as const), plan: fc.constantFrom(...PLAN_IDS) }),
  );

  async function run(c: Creator, step: { verb: string; plan?: PlanId; card?: string; days?: number }) {
    const actor = actorOf(c);
    switch (step.verb) {
      case "trial":
        return startProTrial(services, actor, {});
      case "checkout": {
        const started = await startPlanCheckout(services, actor, { plan: step.plan as "pro", returnTo: "billing" }, {});
        if (!started.ok) return started;
        return payTestCheckout(services, actor, { checkoutId: started.url.split("/").pop()!, card: step.card! }, {});
      }
      case "abandon":
        return startPlanCheckout(services, actor, { plan: step.plan as "pro", returnTo: "choose-plan" }, {});
      case "change":
        return changePlan(services, actor, { plan: step.plan! }, {});
      case "cancel":
        return cancelSubscription(services, actor, { reason: "testing" }, {});
      case "resume":
        return resumeSubscription(services, actor, {});
      case "card":
        return setTestCard(services, actor, { card: step.card! }, {});
      case "clock":
        return advanceTestClock(services, actor, { days: step.days! }, {});
      default:
        return choosePlan(db, c.userId, step.plan!);
    }
  }

  it("holds for random sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (steps) => {
        const c = await creator();
        for (const step of steps) {
          await run(c, step);
          const state = await readBillingState(db, c.userId);
          if ((await feeOf(c)) !== 0) continue;
          const paid = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from billing_invoices where user_id = ${c.userId} and status = 'paid'`,
          );
          const earned =
            state.status === "trialing" ||
            ((state.status === "active" || state.status === "past_due") && paid.rows[0]!.n > 0);
          expect(earned, JSON.stringify({ steps, state })).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
