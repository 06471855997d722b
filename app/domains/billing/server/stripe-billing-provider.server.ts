import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { PLAN_IDS, PLAN_TABLE, type PlanId } from "~/lib/plans";
import type { Env } from "~/server/env.server";
import { constructStripeEvent, stripeClient, webhookSecretsOf } from "~/server/stripe-client.server";
import type { BillingEvent, BillingInvoice, BillingProvider, SubscriptionSnapshot } from "./billing-provider.server";

// Stripe Billing with Sellkit as the merchant: a Customer per creator and one monthly Price per paid plan.
// Prices are found by lookup key, or created from the plan table. Upgrades prorate at once; downgrades are a
// subscription schedule's next phase; the customer portal manages the card.

type StripeBillingEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_BILLING_WEBHOOK_SECRET" | "STRIPE_API_URL">;
type PaidPlan = Exclude<PlanId, "starter">;

const LOOKUP_KEYS: Record<PaidPlan, string> = {
  pro: "sellkit_pro_monthly",
  business: "sellkit_business_monthly",
  enterprise: "sellkit_enterprise_monthly",
};
const PLAN_CURRENCY = "eur";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

const dateOf = (seconds: number | null | undefined): Date | null =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

function paidPlanOf(value: string | null | undefined): PaidPlan | null {
  if (!value || value === "starter" || !(PLAN_IDS as readonly string[]).includes(value)) return null;
  return value as PaidPlan;
}

/** A price's plan: its `sellkit_plan` metadata, else its lookup key. */
function planOfPrice(price: Stripe.Price): PaidPlan | null {
  const fromMetadata = paidPlanOf(price.metadata?.sellkit_plan);
  if (fromMetadata) return fromMetadata;
  const entry = Object.entries(LOOKUP_KEYS).find(([, key]) => key === price.lookup_key);
  return entry ? (entry[0] as PaidPlan) : null;
}

/** Stripe's subscription states as Sellkit's; null for one whose first payment never happened (no plan). */
function statusOf(status: Stripe.Subscription.Status): SubscriptionSnapshot["status"] | null {
  switch (status) {
    case "trialing":
      return "trialing";
    case "active":
      return "active";
    case "past_due":
      return "past_due";
    // Stripe stops retrying but keeps the subscription: the plan is unpaid, like past due.
    case "unpaid":
      return "past_due";
    case "incomplete":
      return null;
    default:
      return "canceled";
  }
}

function invoiceStatusOf(invoice: Stripe.Invoice): BillingInvoice["status"] {
  if (invoice.status === "paid") return "paid";
  if (invoice.status === "void") return "void";
  if (invoice.status === "uncollectible" || (invoice.status === "open" && invoice.attempted)) return "failed";
  return "open";
}

/** Stripe Billing for Sellkit's plans; undefined unless STRIPE_SECRET_KEY and the billing webhook secret are set. */
export function createStripeBillingProvider(env: StripeBillingEnv): BillingProvider | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_BILLING_WEBHOOK_SECRET) return undefined;
  const stripe = stripeClient(env.STRIPE_SECRET_KEY, env.STRIPE_API_URL);
  const webhookSecrets = webhookSecretsOf(env.STRIPE_BILLING_WEBHOOK_SECRET);
  const prices = new Map<PaidPlan, Promise<string>>();
  const plansByPrice = new Map<string, PaidPlan>();

  /** The plan's Price at Stripe: the active one with its lookup key and the plan table's amount, else a new one. */
  async function findOrCreatePrice(plan: PaidPlan): Promise<string> {
    const row = PLAN_TABLE[plan];
    const found = await stripe.prices.list({ lookup_keys: [LOOKUP_KEYS[plan]], active: true, limit: 1 });
    const current = found.data.find(
      (price) => price.unit_amount === row.monthlyPriceMinor && price.currency === PLAN_CURRENCY,
    );
    const price =
      current ??
      (await stripe.prices.create(
        {
          currency: PLAN_CURRENCY,
          unit_amount: row.monthlyPriceMinor,
          recurring: { interval: "month" },
          lookup_key: LOOKUP_KEYS[plan],
          // A new amount in the plan table takes the key over; old subscriptions keep their price.
          transfer_lookup_key: true,
          product_data: { name: `Sellkit ${row.name}` },
          metadata: { sellkit_plan: plan },
        },
        { idempotencyKey: `sellkit-price-${LOOKUP_KEYS[plan]}-${row.monthlyPriceMinor}` },
      ));
    plansByPrice.set(price.id, plan);
    return price.id;
  }

  function priceOf(plan: PaidPlan): Promise<string> {
    let price = prices.get(plan);
    if (!price) {
      price = findOrCreatePrice(plan);
      // A failed look-up is retried on the next call rather than cached.
      price.catch(() => prices.delete(plan));
      prices.set(plan, price);
    }
    return price;
  }

  async function planOfPriceId(priceId: string): Promise<PaidPlan | null> {
    const known = plansByPrice.get(priceId);
    if (known) return known;
    const plan = planOfPrice(await stripe.prices.retrieve(priceId));
    if (plan) plansByPrice.set(priceId, plan);
    return plan;
  }

  /** The card the subscription is charged with: its own default, else the customer's. */
  async function cardOf(subscription: Stripe.Subscription): Promise<Stripe.PaymentMethod | null> {
    let method: string | Stripe.PaymentMethod | null = subscription.default_payment_method;
    if (!method) {
      const customer =
        typeof subscription.customer === "string"
          ? await stripe.customers.retrieve(subscription.customer)
          : subscription.customer;
      method = customer.deleted ? null : (customer.invoice_settings?.default_payment_method ?? null);
    }
    return typeof method === "string" ? stripe.paymentMethods.retrieve(method) : method;
  }

  /** The downgrade a schedule waits to apply: the plan of the phase after the current one. */
  async function scheduledPlanOf(subscription: Stripe.Subscription): Promise<PlanId | null> {
    if (!subscription.schedule) return null;
    const schedule =
      typeof subscription.schedule === "string"
        ? await stripe.subscriptionSchedules.retrieve(subscription.schedule)
        : subscription.schedule;
    if (schedule.status !== "active" && schedule.status !== "not_started") return null;
    const currentStart = schedule.current_phase?.start_date ?? 0;
    const next = schedule.phases.find((phase) => phase.start_date > currentStart);
    const priceId = idOf(next?.items[0]?.price);
    return priceId ? planOfPriceId(priceId) : null;
  }

  /** The subscription as Sellkit's snapshot; null while it is incomplete or on a price of no plan. */
  async function snapshotOf(subscription: Stripe.Subscription): Promise<SubscriptionSnapshot | null> {
    const item = subscription.items.data[0];
    const status = statusOf(subscription.status);
    const plan = item ? planOfPrice(item.price) : null;
    if (!item || !status || !plan) return null;
    const card = status === "canceled" ? null : await cardOf(subscription);
    return {
      customerId: idOf(subscription.customer) ?? "",
      subscriptionId: subscription.id,
      plan,
      status,
      trialEndsAt: status === "trialing" ? dateOf(subscription.trial_end) : null,
      // The period lives on the item since API version 2025-03-31.
      currentPeriodEnd: dateOf(item.current_period_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      scheduledPlan: status === "canceled" ? null : await scheduledPlanOf(subscription),
      hasPaymentMethod: card !== null,
      cardFingerprint: card?.card?.fingerprint ?? null,
    };
  }

  /** The API's own answer as an event: verified by our authenticated call, unique by Stripe's request id. */
  async function answered(subscription: Stripe.Subscription & { lastResponse?: { requestId?: string } }) {
    const snapshot = await snapshotOf(subscription);
    if (!snapshot) return [];
    const eventId = subscription.lastResponse?.requestId ?? `answer_${randomUUID()}`;
    // Whole seconds, as Stripe dates its events: a webhook of the same second is not taken for an older one.
    const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    return [{ eventId, createdAt, type: "subscription.updated", subscription: snapshot } as BillingEvent];
  }

  async function invoiceOf(invoice: Stripe.Invoice): Promise<BillingInvoice | null> {
    const line = invoice.lines.data.find((entry) => entry.pricing?.price_details?.price) ?? invoice.lines.data[0];
    const priceId = idOf(line?.pricing?.price_details?.price);
    const plan = priceId ? await planOfPriceId(priceId) : null;
    const customerId = idOf(invoice.customer);
    if (!plan || !customerId || !invoice.id) return null;
    return {
      invoiceId: invoice.id,
      customerId,
      plan,
      amountMinor: invoice.total,
      currency: invoice.currency.toUpperCase(),
      status: invoiceStatusOf(invoice),
      // A subscription invoice's own period_start/period_end describe the previous period: the line's is billed.
      periodStart: new Date((line?.period.start ?? invoice.period_start) * 1000),
      periodEnd: new Date((line?.period.end ?? invoice.period_end) * 1000),
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
    };
  }

  async function eventsOf(event: Stripe.Event): Promise<BillingEvent[]> {
    const base = { eventId: event.id, createdAt: new Date(event.created * 1000) };
    switch (event.type) {
      case "checkout.session.completed": {
        const subscriptionId = idOf(event.data.object.subscription);
        if (event.data.object.mode !== "subscription" || !subscriptionId) return [];
        const snapshot = await snapshotOf(await stripe.subscriptions.retrieve(subscriptionId));
        return snapshot ? [{ ...base, type: "subscription.updated", subscription: snapshot }] : [];
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
      case "customer.subscription.trial_will_end": {
        const snapshot = await snapshotOf(event.data.object);
        if (!snapshot) return [];
        const type =
          event.type === "customer.subscription.deleted"
            ? "subscription.deleted"
            : event.type === "customer.subscription.trial_will_end"
              ? "subscription.trial_will_end"
              : "subscription.updated";
        return [{ ...base, type, subscription: snapshot }];
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        if (event.data.object.parent?.type !== "subscription_details") return [];
        const invoice = await invoiceOf(event.data.object);
        if (!invoice) return [];
        if (event.type === "invoice.paid") return [{ ...base, type: "invoice.paid", invoice }];
        return [{ ...base, type: "invoice.payment_failed", invoice: { ...invoice, status: "failed" } }];
      }
      default:
        return [];
    }
  }

  async function retrieve(subscriptionId: string) {
    return stripe.subscriptions.retrieve(subscriptionId);
  }

  /** Takes back a scheduled downgrade: the schedule lets go of the subscription, which keeps its plan. */
  async function releaseSchedule(subscription: Stripe.Subscription): Promise<void> {
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
  }

  return {
    id: "stripe",

    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { email, metadata: { user_id: userId } },
        { idempotencyKey: `sellkit-billing-customer-${userId}` },
      );
      return { customerId: customer.id };
    },

    async startTrial({ customerId, plan, trialDays }) {
      const subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceOf(plan) }],
          trial_period_days: trialDays,
          // No card up front: at the trial's end without one, Stripe cancels instead of invoicing.
          trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { sellkit_plan: plan },
        },
        // Two tabs starting the trial at once make one subscription.
        { idempotencyKey: `sellkit-trial-${customerId}` },
      );
      return answered(subscription);
    },

    async createCheckout({ userId, customerId, plan, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customerId,
        client_reference_id: userId,
        line_items: [{ price: await priceOf(plan), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { user_id: userId, sellkit_plan: plan },
        subscription_data: { metadata: { user_id: userId, sellkit_plan: plan } },
      });
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
      return { checkoutId: session.id, url: session.url };
    },

    async changePlan({ subscriptionId, plan, when }) {
      const subscription = await retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      const paidPlan = paidPlanOf(plan);
      // Down to Starter is the end of the subscription at the period's end.
      if (!paidPlan) {
        await releaseSchedule(subscription);
        return answered(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
      }
      const price = await priceOf(paidPlan);
      if (when === "now") {
        // An upgrade replaces any downgrade waiting for the period's end.
        await releaseSchedule(subscription);
        const updated = await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price }],
          proration_behavior: "always_invoice",
          // The new plan applies only once its prorated invoice is paid.
          payment_behavior: "pending_if_incomplete",
        });
        return answered(updated);
      }
      const scheduleId =
        idOf(subscription.schedule) ??
        (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })).id;
      await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: item.current_period_start,
            end_date: item.current_period_end,
          },
          { items: [{ price, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
        ],
      });
      return answered(await retrieve(subscriptionId));
    },

    async cancelAtPeriodEnd({ subscriptionId }) {
      const subscription = await retrieve(subscriptionId);
      await releaseSchedule(subscription);
      return answered(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async resume({ subscriptionId }) {
      const subscription = await retrieve(subscriptionId);
      await releaseSchedule(subscription);
      if (!subscription.cancel_at_period_end && subscription.cancel_at === null)
        return answered(await retrieve(subscriptionId));
      return answered(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
    },

    async portalUrl({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async listInvoices({ customerId }) {
      const invoices: BillingInvoice[] = [];
      for await (const invoice of stripe.invoices.list({ customer: customerId, limit: 100 })) {
        const mapped = await invoiceOf(invoice);
        if (mapped) invoices.push(mapped);
      }
      return invoices;
    },

    async verifyWebhook(rawBody, headers) {
      const event = constructStripeEvent(stripe, rawBody, headers.get("stripe-signature") ?? undefined, webhookSecrets);
      return eventsOf(event);
    },
  };
}
