import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { ambientDatabase } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { Refusal } from "~/db/refusal.server";
import {
  addDays,
  addMonths,
  BILLING_CURRENCY,
  PAYMENT_RETRY_DAYS,
  prorationMinor,
} from "~/domains/billing/billing-rules";
import { PAST_DUE_GRACE_DAYS, TRIAL_REMINDER_DAYS } from "~/domains/billing/subscription-state";
import {
  testBillingCheckouts,
  testBillingCustomers,
  testBillingInvoices,
  testBillingSubscriptions,
} from "~/domains/billing/tables.server";
import { testBillingCardOutcome, testCardDigits } from "~/domains/billing/test-billing-cards";
import { fail } from "~/lib/errors";
import { PLAN_TABLE, type PlanId } from "~/lib/plans";
import type { BillingEvent, BillingInvoice, BillingProvider, SubscriptionSnapshot } from "./billing-provider.server";

// The built-in billing provider: a provider like Stripe Billing, with its own storage (customers, subscriptions,
// invoices, checkouts and a clock per customer, like Stripe's test clocks). Sellkit's tables mirror it only
// through the events its operations return, which the verbs apply with applyBillingEvents.

/** How long a test checkout stays payable. */
const CHECKOUT_HOURS = 24;

/** A hosted test checkout as its TEST MODE page shows it. */
export type TestCheckout = {
  id: string;
  plan: PlanId;
  amountMinor: number;
  currency: string;
  status: "open" | "paid" | "expired";
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
};

/** The test provider: the provider interface plus the operations of its TEST MODE pages and its clock. */
export type TestBillingProvider = BillingProvider & {
  id: "test";
  /** The customer's clock: moved and frozen once advanced, else the real time. */
  clockOf(customerId: string): Promise<Date>;
  readCheckout(input: { customerId: string; checkoutId: string }): Promise<TestCheckout | null>;
  /** Pays a checkout with a card; refuses a declined card, a spent checkout or a second subscription. */
  payCheckout(input: { customerId: string; checkoutId: string; card: string }): Promise<BillingEvent[]>;
  /** Adds or replaces the card on file; a past-due subscription is charged again with it. */
  setCard(input: { customerId: string; card: string }): Promise<BillingEvent[]>;
  /** The fingerprint a card number would have, or null when the number is not a card. */
  fingerprintOf(card: string): string | null;
  /** Moves the customer's clock `days` forward, running everything due on the way, in order. */
  advanceClock(input: { customerId: string; days: number }): Promise<BillingEvent[]>;
  /** Runs what is due up to the real time, for customers whose clock was never moved. */
  runDue(input: { customerId: string }): Promise<BillingEvent[]>;
  readInvoice(input: { customerId: string; invoiceId: string }): Promise<BillingInvoice | null>;
};

type Customer = typeof testBillingCustomers.$inferSelect;
type Subscription = typeof testBillingSubscriptions.$inferSelect;
type Invoice = typeof testBillingInvoices.$inferSelect;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

/** Whether `id` has the shape `newId` gives: anything else (a NUL, a long or odd value from a URL) names nothing. */
function isTestId(id: string): boolean {
  return /^[a-z]{2,4}_[0-9a-f]{24}$/.test(id);
}

/** The test provider's fingerprint of a card: a hash of its digits, as Stripe fingerprints a card number. */
function cardFingerprint(card: string): string | null {
  const digits = testCardDigits(card);
  return digits ? `tfp_${createHash("sha256").update(digits).digest("hex").slice(0, 32)}` : null;
}

function invoiceOf(row: Invoice): BillingInvoice {
  return {
    invoiceId: row.invoiceId,
    customerId: row.customerId,
    plan: row.plan,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    hostedUrl: `/billing/test/invoices/${row.invoiceId}`,
    pdfUrl: null,
  };
}

/** The built-in billing provider on `db`; its writes join the caller's transaction. */
export function createTestBillingProvider({ db: rootDb }: { db: Database }): TestBillingProvider {
  const db = ambientDatabase(rootDb);

  async function customerFor(customerId: string): Promise<Customer> {
    const [customer] = await db
      .select()
      .from(testBillingCustomers)
      .where(eq(testBillingCustomers.customerId, customerId))
      .for("update");
    if (!customer) throw new Error(`no test billing customer ${customerId}`);
    return customer;
  }

  async function liveSubscription(customerId: string): Promise<Subscription | null> {
    const [row] = await db
      .select()
      .from(testBillingSubscriptions)
      .where(and(eq(testBillingSubscriptions.customerId, customerId), ne(testBillingSubscriptions.status, "canceled")))
      .for("update");
    return row ?? null;
  }

  async function subscriptionById(subscriptionId: string): Promise<Subscription> {
    const [row] = await db
      .select()
      .from(testBillingSubscriptions)
      .where(eq(testBillingSubscriptions.subscriptionId, subscriptionId))
      .for("update");
    if (!row) throw new Error(`no test billing subscription ${subscriptionId}`);
    return row;
  }

  /** An event's time: `at`, but strictly after the customer's previous event, so snapshots stay ordered. */
  async function stamp(customer: Customer, at: Date): Promise<Date> {
    const last = customer.lastEventAt?.getTime() ?? 0;
    const time = new Date(Math.max(at.getTime(), last + 1));
    customer.lastEventAt = time;
    await db
      .update(testBillingCustomers)
      .set({ lastEventAt: time })
      .where(eq(testBillingCustomers.customerId, customer.customerId));
    return time;
  }

  function snapshotOf(customer: Customer, sub: Subscription): SubscriptionSnapshot {
    return {
      customerId: customer.customerId,
      subscriptionId: sub.subscriptionId,
      plan: sub.plan,
      status: sub.status,
      trialEndsAt: sub.trialEndsAt,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      scheduledPlan: sub.scheduledPlan,
      hasPaymentMethod: customer.cardFingerprint !== null,
      cardFingerprint: customer.cardFingerprint,
    };
  }

  async function saveSubscription(sub: Subscription): Promise<void> {
    const { subscriptionId, ...changes } = sub;
    await db
      .update(testBillingSubscriptions)
      .set(changes)
      .where(eq(testBillingSubscriptions.subscriptionId, subscriptionId));
  }

  async function subscriptionEvent(
    customer: Customer,
    sub: Subscription,
    at: Date,
    type: "subscription.updated" | "subscription.deleted" | "subscription.trial_will_end" = "subscription.updated",
  ): Promise<BillingEvent> {
    await saveSubscription(sub);
    return {
      eventId: newId("tevt"),
      createdAt: await stamp(customer, at),
      type,
      subscription: snapshotOf(customer, sub),
    };
  }

  /** Charges the card on file for a new invoice; the invoice is paid or failed. */
  async function charge(
    customer: Customer,
    sub: Subscription,
    input: { amountMinor: number; description: string; periodStart: Date; periodEnd: Date; at: Date },
  ): Promise<Invoice> {
    const paid = customer.cardFingerprint !== null && !customer.cardFailsCharges;
    const [invoice] = await db
      .insert(testBillingInvoices)
      .values({
        invoiceId: newId("tin"),
        customerId: customer.customerId,
        subscriptionId: sub.subscriptionId,
        plan: sub.plan,
        amountMinor: input.amountMinor,
        currency: BILLING_CURRENCY,
        status: paid ? "paid" : "failed",
        description: input.description,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        createdAt: input.at,
      })
      .returning();
    return invoice!;
  }

  async function invoiceEvent(customer: Customer, invoice: Invoice, at: Date): Promise<BillingEvent> {
    return {
      eventId: newId("tevt"),
      createdAt: await stamp(customer, at),
      type: invoice.status === "paid" ? "invoice.paid" : "invoice.payment_failed",
      invoice: invoiceOf(invoice),
    };
  }

  async function latestUnpaidInvoice(sub: Subscription): Promise<Invoice | null> {
    const [row] = await db
      .select()
      .from(testBillingInvoices)
      .where(and(eq(testBillingInvoices.subscriptionId, sub.subscriptionId), eq(testBillingInvoices.status, "failed")))
      .orderBy(desc(testBillingInvoices.createdAt))
      .limit(1)
      .for("update");
    return row ?? null;
  }

  /** Charges a failed invoice again; it becomes paid when the card takes it. */
  async function retry(customer: Customer, invoice: Invoice): Promise<Invoice> {
    const paid = customer.cardFingerprint !== null && !customer.cardFailsCharges;
    if (paid) {
      await db
        .update(testBillingInvoices)
        .set({ status: "paid" })
        .where(eq(testBillingInvoices.invoiceId, invoice.invoiceId));
    }
    return { ...invoice, status: paid ? "paid" : "failed" };
  }

  /** Renews at the period's end: a scheduled downgrade takes effect, then the new period is charged. */
  async function renew(customer: Customer, sub: Subscription, at: Date): Promise<BillingEvent[]> {
    if (sub.scheduledPlan) {
      sub.plan = sub.scheduledPlan;
      sub.scheduledPlan = null;
    }
    const periodStart = at;
    const periodEnd = addMonths(at, 1);
    const invoice = await charge(customer, sub, {
      amountMinor: PLAN_TABLE[sub.plan].monthlyPriceMinor,
      description: `${PLAN_TABLE[sub.plan].name} plan, monthly`,
      periodStart,
      periodEnd,
      at,
    });
    sub.currentPeriodStart = periodStart;
    sub.currentPeriodEnd = periodEnd;
    sub.trialEndsAt = null;
    if (invoice.status === "paid") {
      sub.status = "active";
    } else {
      sub.status = "past_due";
      sub.pastDueSince = at;
      sub.retriesDone = 0;
    }
    const snapshot = await subscriptionEvent(customer, sub, at);
    return [snapshot, await invoiceEvent(customer, invoice, at)];
  }

  async function end(customer: Customer, sub: Subscription, at: Date, reason: string): Promise<BillingEvent[]> {
    sub.status = "canceled";
    sub.endedReason = reason;
    sub.cancelAtPeriodEnd = false;
    sub.scheduledPlan = null;
    return [await subscriptionEvent(customer, sub, at, "subscription.deleted")];
  }

  /** The next thing due for a live subscription, at or before `until`; null when nothing is. */
  function nextDue(
    sub: Subscription,
    until: Date,
  ): { at: Date; run: "remind" | "trial_end" | "period_end" | "retry" | "lapse" } | null {
    const due: { at: Date; run: "remind" | "trial_end" | "period_end" | "retry" | "lapse" }[] = [];
    if (sub.status === "trialing" && sub.trialEndsAt) {
      if (!sub.trialReminded) due.push({ at: addDays(sub.trialEndsAt, -TRIAL_REMINDER_DAYS), run: "remind" });
      due.push({ at: sub.trialEndsAt, run: "trial_end" });
    }
    if (sub.status === "active" && sub.currentPeriodEnd) due.push({ at: sub.currentPeriodEnd, run: "period_end" });
    if (sub.status === "past_due" && sub.pastDueSince) {
      const retryDay = PAYMENT_RETRY_DAYS[sub.retriesDone];
      if (retryDay !== undefined) due.push({ at: addDays(sub.pastDueSince, retryDay), run: "retry" });
      due.push({ at: addDays(sub.pastDueSince, PAST_DUE_GRACE_DAYS), run: "lapse" });
    }
    const first = due
      .filter((item) => item.at.getTime() <= until.getTime())
      .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    return first ?? null;
  }

  async function step(customer: Customer, sub: Subscription, run: string, at: Date): Promise<BillingEvent[]> {
    switch (run) {
      case "remind":
        sub.trialReminded = true;
        return [await subscriptionEvent(customer, sub, at, "subscription.trial_will_end")];
      case "trial_end":
        if (sub.cancelAtPeriodEnd || customer.cardFingerprint === null) return end(customer, sub, at, "trial_end");
        return renew(customer, sub, at);
      case "period_end":
        if (sub.cancelAtPeriodEnd) return end(customer, sub, at, "period_end");
        return renew(customer, sub, at);
      case "retry": {
        sub.retriesDone += 1;
        const unpaid = await latestUnpaidInvoice(sub);
        if (!unpaid) {
          sub.status = "active";
          return [await subscriptionEvent(customer, sub, at)];
        }
        const invoice = await retry(customer, unpaid);
        if (invoice.status === "paid") sub.status = "active";
        const snapshot = await subscriptionEvent(customer, sub, at);
        return [snapshot, await invoiceEvent(customer, invoice, at)];
      }
      default:
        return end(customer, sub, at, "unpaid");
    }
  }

  /** Runs everything due up to `until` in order; each step's events carry the time it was due. */
  async function runUntil(customer: Customer, until: Date): Promise<BillingEvent[]> {
    const events: BillingEvent[] = [];
    for (;;) {
      const sub = await liveSubscription(customer.customerId);
      const due = sub ? nextDue(sub, until) : null;
      if (!sub || !due) return events;
      events.push(...(await step(customer, sub, due.run, due.at)));
    }
  }

  function nowOf(customer: Customer): Date {
    return customer.clockAt ?? new Date();
  }

  function refuseCard(card: string): { fingerprint: string; last4: string; failsCharges: boolean } {
    const outcome = testBillingCardOutcome(card);
    const fingerprint = cardFingerprint(card);
    if (outcome === "decline" || outcome === "incorrect_number" || fingerprint === null) {
      throw new Refusal(fail("BILLING_CARD_DECLINED"));
    }
    const digits = testCardDigits(card)!;
    return { fingerprint, last4: digits.slice(-4), failsCharges: outcome === "fails_charges" };
  }

  return {
    id: "test",

    async createCustomer({ userId, email }) {
      const customerId = newId("tcus");
      await db.insert(testBillingCustomers).values({ customerId, userId, email });
      return { customerId };
    },

    async startTrial({ customerId, plan, trialDays }) {
      const customer = await customerFor(customerId);
      if (await liveSubscription(customerId)) throw new Refusal(fail("BILLING_ALREADY_SUBSCRIBED"));
      const now = nowOf(customer);
      const trialEndsAt = addDays(now, trialDays);
      const [sub] = await db
        .insert(testBillingSubscriptions)
        .values({
          subscriptionId: newId("tsub"),
          customerId,
          plan,
          status: "trialing",
          trialEndsAt,
          currentPeriodStart: now,
          currentPeriodEnd: trialEndsAt,
        })
        .returning();
      return [await subscriptionEvent(customer, sub!, now)];
    },

    async createCheckout({ customerId, plan, successUrl, cancelUrl }) {
      const customer = await customerFor(customerId);
      const id = newId("tcs");
      await db.insert(testBillingCheckouts).values({
        id,
        customerId,
        plan,
        amountMinor: PLAN_TABLE[plan].monthlyPriceMinor,
        currency: BILLING_CURRENCY,
        successUrl,
        cancelUrl,
        expiresAt: new Date(nowOf(customer).getTime() + CHECKOUT_HOURS * 3_600_000),
      });
      return { checkoutId: id, url: `/billing/test/checkout/${id}` };
    },

    async changePlan({ subscriptionId, plan, when }) {
      const sub = await subscriptionById(subscriptionId);
      const customer = await customerFor(sub.customerId);
      const now = nowOf(customer);
      if (when === "period_end") {
        sub.scheduledPlan = plan;
        sub.cancelAtPeriodEnd = false;
        return [await subscriptionEvent(customer, sub, now)];
      }
      if (customer.cardFingerprint === null) throw new Refusal(fail("BILLING_CARD_REQUIRED"));
      const from = sub.plan;
      const trialing = sub.status === "trialing";
      sub.plan = plan;
      sub.scheduledPlan = null;
      sub.cancelAtPeriodEnd = false;
      // Upgrading ends a trial: the new plan's first month is charged in full, as Stripe does with trial_end=now.
      const periodStart = trialing ? now : (sub.currentPeriodStart ?? now);
      const periodEnd = trialing ? addMonths(now, 1) : (sub.currentPeriodEnd ?? addMonths(now, 1));
      const amountMinor = trialing
        ? PLAN_TABLE[plan].monthlyPriceMinor
        : prorationMinor({ from, to: plan, periodStart, periodEnd, now });
      const invoice = await charge(customer, sub, {
        amountMinor,
        description: `${PLAN_TABLE[from].name} to ${PLAN_TABLE[plan].name}, the rest of the period`,
        periodStart: now,
        periodEnd,
        at: now,
      });
      if (invoice.status !== "paid") throw new Refusal(fail("BILLING_CARD_DECLINED"));
      if (trialing) {
        sub.status = "active";
        sub.trialEndsAt = null;
        sub.currentPeriodStart = periodStart;
        sub.currentPeriodEnd = periodEnd;
      }
      const snapshot = await subscriptionEvent(customer, sub, now);
      return [snapshot, await invoiceEvent(customer, invoice, now)];
    },

    async cancelAtPeriodEnd({ subscriptionId }) {
      const sub = await subscriptionById(subscriptionId);
      const customer = await customerFor(sub.customerId);
      sub.cancelAtPeriodEnd = true;
      sub.scheduledPlan = null;
      return [await subscriptionEvent(customer, sub, nowOf(customer))];
    },

    async resume({ subscriptionId }) {
      const sub = await subscriptionById(subscriptionId);
      const customer = await customerFor(sub.customerId);
      const now = nowOf(customer);
      if (sub.status !== "canceled") {
        sub.cancelAtPeriodEnd = false;
        sub.scheduledPlan = null;
        return [await subscriptionEvent(customer, sub, now)];
      }
      // An ended subscription comes back as a new one, charged now with the card on file.
      if (customer.cardFingerprint === null) throw new Refusal(fail("BILLING_CARD_REQUIRED"));
      if (await liveSubscription(customer.customerId)) throw new Refusal(fail("BILLING_ALREADY_SUBSCRIBED"));
      const [fresh] = await db
        .insert(testBillingSubscriptions)
        .values({ subscriptionId: newId("tsub"), customerId: customer.customerId, plan: sub.plan, status: "active" })
        .returning();
      const events = await renew(customer, fresh!, now);
      if (fresh!.status !== "active") throw new Refusal(fail("BILLING_CARD_DECLINED"));
      return events;
    },

    async portalUrl({ returnUrl }) {
      return `/billing/test/portal?returnUrl=${encodeURIComponent(returnUrl)}`;
    },

    async listInvoices({ customerId }) {
      const rows = await db
        .select()
        .from(testBillingInvoices)
        .where(eq(testBillingInvoices.customerId, customerId))
        .orderBy(desc(testBillingInvoices.createdAt));
      return rows.map(invoiceOf);
    },

    async verifyWebhook() {
      // It sends no webhooks: its events come back from the authenticated calls that caused them.
      throw new Error("the billing test provider sends no webhooks");
    },

    async clockOf(customerId) {
      const [row] = await db
        .select({ clockAt: testBillingCustomers.clockAt })
        .from(testBillingCustomers)
        .where(eq(testBillingCustomers.customerId, customerId));
      return row?.clockAt ?? new Date();
    },

    async readCheckout({ customerId, checkoutId }) {
      if (!isTestId(checkoutId)) return null;
      const [row] = await db
        .select()
        .from(testBillingCheckouts)
        .where(and(eq(testBillingCheckouts.id, checkoutId), eq(testBillingCheckouts.customerId, customerId)));
      if (!row) return null;
      const customer = await customerFor(customerId);
      const expired = row.status === "open" && row.expiresAt.getTime() <= nowOf(customer).getTime();
      return {
        id: row.id,
        plan: row.plan,
        amountMinor: row.amountMinor,
        currency: row.currency,
        status: expired ? "expired" : row.status,
        expiresAt: row.expiresAt,
        successUrl: row.successUrl,
        cancelUrl: row.cancelUrl,
      };
    },

    async payCheckout({ customerId, checkoutId, card }) {
      if (!isTestId(checkoutId)) throw new Refusal(fail("BILLING_CHECKOUT_NOT_FOUND"));
      const customer = await customerFor(customerId);
      const now = nowOf(customer);
      const [checkout] = await db
        .select()
        .from(testBillingCheckouts)
        .where(and(eq(testBillingCheckouts.id, checkoutId), eq(testBillingCheckouts.customerId, customerId)))
        .for("update");
      if (checkout?.status !== "open" || checkout.expiresAt.getTime() <= now.getTime()) {
        throw new Refusal(fail("BILLING_CHECKOUT_NOT_FOUND"));
      }
      const attached = refuseCard(card);
      if (attached.failsCharges) throw new Refusal(fail("BILLING_CARD_DECLINED"));
      if (await liveSubscription(customerId)) throw new Refusal(fail("BILLING_ALREADY_SUBSCRIBED"));
      Object.assign(customer, {
        cardFingerprint: attached.fingerprint,
        cardLast4: attached.last4,
        cardFailsCharges: false,
      });
      await db
        .update(testBillingCustomers)
        .set({ cardFingerprint: attached.fingerprint, cardLast4: attached.last4, cardFailsCharges: false })
        .where(eq(testBillingCustomers.customerId, customerId));
      await db.update(testBillingCheckouts).set({ status: "paid" }).where(eq(testBillingCheckouts.id, checkoutId));
      const [sub] = await db
        .insert(testBillingSubscriptions)
        .values({ subscriptionId: newId("tsub"), customerId, plan: checkout.plan, status: "active" })
        .returning();
      return renew(customer, sub!, now);
    },

    async setCard({ customerId, card }) {
      const customer = await customerFor(customerId);
      const attached = refuseCard(card);
      Object.assign(customer, {
        cardFingerprint: attached.fingerprint,
        cardLast4: attached.last4,
        cardFailsCharges: attached.failsCharges,
      });
      await db
        .update(testBillingCustomers)
        .set({
          cardFingerprint: attached.fingerprint,
          cardLast4: attached.last4,
          cardFailsCharges: attached.failsCharges,
        })
        .where(eq(testBillingCustomers.customerId, customerId));
      const sub = await liveSubscription(customerId);
      if (!sub) return [];
      const now = nowOf(customer);
      if (sub.status === "past_due") {
        const unpaid = await latestUnpaidInvoice(sub);
        if (unpaid) {
          const invoice = await retry(customer, unpaid);
          if (invoice.status === "paid") sub.status = "active";
          const snapshot = await subscriptionEvent(customer, sub, now);
          return [snapshot, await invoiceEvent(customer, invoice, now)];
        }
      }
      return [await subscriptionEvent(customer, sub, now)];
    },

    fingerprintOf: cardFingerprint,

    async advanceClock({ customerId, days }) {
      const customer = await customerFor(customerId);
      const target = addDays(nowOf(customer), days);
      const events = await runUntil(customer, target);
      await db
        .update(testBillingCustomers)
        .set({ clockAt: target })
        .where(eq(testBillingCustomers.customerId, customerId));
      return events;
    },

    async runDue({ customerId }) {
      const customer = await customerFor(customerId);
      if (customer.clockAt !== null) return [];
      return runUntil(customer, new Date());
    },

    async readInvoice({ customerId, invoiceId }) {
      if (!isTestId(invoiceId)) return null;
      const [row] = await db
        .select()
        .from(testBillingInvoices)
        .where(and(eq(testBillingInvoices.invoiceId, invoiceId), eq(testBillingInvoices.customerId, customerId)));
      return row ? invoiceOf(row) : null;
    },
  };
}
