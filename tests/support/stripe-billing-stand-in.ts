import { createHash } from "node:crypto";
import type { StripeDelivery } from "./stripe-stand-in";

/**
 * Stripe Billing for the Stripe stand-in (tests/support/stripe-stand-in.ts plugs it in), written from Stripe's API
 * reference for what the Stripe Billing provider calls: Customers (create, retrieve), Prices (create with
 * `lookup_key`/`transfer_lookup_key`/`product_data`, list by `lookup_keys[]`, retrieve), PaymentMethods (retrieve),
 * Checkout Sessions in `subscription` mode, Subscriptions (create with a card-less trial, update with prorations
 * and `payment_behavior=pending_if_incomplete`, retrieve), Subscription Schedules (create `from_subscription`,
 * update phases, release, retrieve), Invoices (list by customer, newest first), Billing Portal sessions and test
 * clocks (`/v1/test_helpers/test_clocks`: create, retrieve, advance). Advancing a clock runs its customers'
 * subscriptions forward: `trial_will_end` 3 days before a trial ends, the trial's end (cancelled without a card, as
 * `trial_settings.end_behavior.missing_payment_method=cancel` says), renewals (`invoice.paid`, or
 * `invoice.payment_failed` and past_due), retries 3, 7 and 14 days after a failure and then cancellation, a
 * schedule's next phase, `cancel_at_period_end`. Its events go to their own endpoint (`webhookUrl`, signed with
 * `webhookSecret` like Stripe's `Stripe-Signature`). Cards: 4242… pays, 4000 0000 0000 0341 attaches but every
 * charge fails, the stand-in's DECLINES are refused at checkout.
 */

type Obj = Record<string, unknown> & { id: string };
type Decline = { code: string; decline_code: string; message: string };

/** What the Stripe stand-in lends its Billing part: its address, signer, ids and Stripe-shaped errors. */
export type StripeBillingKit = {
  origin(): string;
  sign(body: string, options?: { timestamp?: number; secret?: string }): string;
  randomId(prefix: string, length?: number): string;
  invalid(message: string, param?: string, code?: string): Error;
  missing(kind: string, id: string, param?: string): Error;
  cardError(decline: Decline): Error;
  declineOf(card: string): Decline | undefined;
};

export type StripeBillingStandIn = {
  /** The billing endpoint's signing secret (STRIPE_BILLING_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where Billing events are POSTed (the app's /api/webhooks/billing/stripe); none: only kept in `deliveries`. */
  webhookUrl: string | undefined;
  /** Every Billing event sent, signed, in order. */
  deliveries: StripeDelivery[];
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  paymentMethods: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  schedules: Map<string, Obj>;
  invoices: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  portalSessions: Map<string, Obj>;
  testClocks: Map<string, Obj>;
  /** When true, a customer created without `test_clock` gets a clock of its own (tests move one creator's time). */
  clockPerCustomer: boolean;
  /** The creator pays a subscription-mode Checkout Session: a declined card leaves it open. */
  completeCheckout(sessionId: string, options?: { card?: string }): Promise<{ paid: boolean }>;
  /** The customer portal's card update: the customer's and its live subscriptions' default card. */
  setCard(customerId: string, card: string): Promise<void>;
  /** The clock a customer lives on, if any. */
  clockOf(customerId: string): string | null;
  /** Resolves once every clock advance under way has finished. */
  idle(): Promise<void>;
};

/** A hosted page's answer: its html, or where it sends the browser. */
export type BillingPage = { status: number; html?: string; location?: string };

export type StripeBillingApi = {
  standIn: StripeBillingStandIn;
  /** Answers a Billing request, or undefined when the path is not Billing's. */
  api(
    method: string,
    path: string,
    params: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown } | undefined>;
  /** The hosted subscription checkout and portal pages: html or a redirect; undefined for other paths. */
  page(method: string, path: string, form: URLSearchParams): Promise<BillingPage | undefined>;
};

const DAY = 86_400;
/** The card Stripe documents as attaching fine and failing every charge. */
const CHARGE_FAILS = "4000000000000341";
/** Days after a failed renewal that it is tried again; after the last one the subscription is cancelled. */
const RETRY_DAYS = [3, 7, 14];
const TRIAL_WILL_END_DAYS = 3;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};
const wallNow = () => Math.floor(Date.now() / 1000);

/** A calendar month after `seconds`, as Stripe bills monthly prices. */
function addMonth(seconds: number, months = 1): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** The Billing endpoints, sharing the stand-in's server, ids and error shapes. */
export function stripeBilling(kit: StripeBillingKit, options: { webhookSecret: string }): StripeBillingApi {
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const products = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const schedules = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const portalSessions = new Map<string, Obj>();
  const testClocks = new Map<string, Obj>();
  const deliveries: StripeDelivery[] = [];
  let work: Promise<void> = Promise.resolve();

  const asInt = (value: unknown, param: string): number => {
    if (typeof value !== "string" || !/^-?\d+$/.test(value))
      throw kit.invalid(`Invalid integer: ${String(value)}`, param);
    return Number(value);
  };
  const need = (map: Map<string, Obj>, kind: string, id: unknown, param = "id"): Obj => {
    const found = typeof id === "string" ? map.get(id) : undefined;
    if (!found) throw kit.missing(kind, String(id ?? ""), param);
    return found;
  };
  const requireUrl = (params: Record<string, unknown>, name: string) => {
    if (typeof params[name] !== "string" || !/^https?:\/\//.test(params[name] as string))
      throw kit.invalid("Not a valid URL", name, "url_invalid");
  };

  /** "Now" for a customer: its clock's frozen time, else the wall clock. */
  const timeOf = (customerId: unknown): number => {
    const clock = typeof customerId === "string" ? customers.get(customerId)?.test_clock : null;
    return typeof clock === "string" ? (testClocks.get(clock)!.frozen_time as number) : wallNow();
  };

  let outbox: Promise<void> = Promise.resolve();

  /** Sends an event after the answer, in order, as Stripe does: a caller holding a lock is never waited on. */
  function emit(type: string, object: Obj, previousAttributes?: Record<string, unknown>) {
    const event = {
      id: kit.randomId("evt_"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: wallNow(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: view(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
    const body = JSON.stringify(event, null, 2);
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": kit.sign(body, { secret: options.webhookSecret }),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    };
    deliveries.push({ body, headers, event });
    const url = standIn.webhookUrl;
    if (url)
      outbox = outbox.then(async () => {
        await fetch(url, { method: "POST", headers, body }).catch(() => undefined);
      });
  }

  /** An object as the API shows it: without the stand-in's `_` bookkeeping. */
  function view(object: Obj): Obj {
    const copy = structuredClone(object);
    for (const key of Object.keys(copy)) if (key.startsWith("_")) delete copy[key];
    return copy;
  }

  function createClock(params: Record<string, unknown>): Obj {
    const frozen = params.frozen_time === undefined ? wallNow() : asInt(params.frozen_time, "frozen_time");
    const clock: Obj = {
      id: kit.randomId("clock_"),
      object: "test_helpers.test_clock",
      created: wallNow(),
      deletes_after: wallNow() + 30 * DAY,
      frozen_time: frozen,
      livemode: false,
      name: typeof params.name === "string" ? params.name : null,
      status: "ready",
      status_details: {},
    };
    testClocks.set(clock.id, clock);
    return clock;
  }

  function createCustomer(params: Record<string, unknown>): Obj {
    let clock =
      params.test_clock === undefined ? null : need(testClocks, "test_clock", params.test_clock, "test_clock").id;
    if (!clock && standIn.clockPerCustomer) clock = createClock({}).id;
    const customer: Obj = {
      id: kit.randomId("cus_", 14),
      object: "customer",
      created: wallNow(),
      email: params.email ?? null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: asRecord(params.metadata),
      test_clock: clock,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createPrice(params: Record<string, unknown>): Obj {
    const currency = String(params.currency ?? "");
    if (!currency) throw kit.invalid("Missing required param: currency.", "currency", "parameter_missing");
    const unitAmount = asInt(params.unit_amount, "unit_amount");
    let product = typeof params.product === "string" ? need(products, "product", params.product, "product").id : null;
    const productData = asRecord(params.product_data);
    if (!product) {
      if (!productData.name)
        throw kit.invalid("Missing required param: product_data[name].", "product_data[name]", "parameter_missing");
      product = kit.randomId("prod_", 14);
      products.set(product, { id: product, object: "product", name: productData.name, active: true });
    }
    const recurring = asRecord(params.recurring);
    if (params.recurring !== undefined && !["day", "week", "month", "year"].includes(String(recurring.interval)))
      throw kit.invalid("Invalid recurring[interval]", "recurring[interval]");
    const lookupKey = typeof params.lookup_key === "string" ? params.lookup_key : null;
    if (lookupKey) {
      const holder = [...prices.values()].find((price) => price.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== "true")
        throw kit.invalid(
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          "lookup_key",
          "lookup_key_already_exists",
        );
      if (holder) holder.lookup_key = null;
    }
    const price: Obj = {
      id: kit.randomId("price_", 24),
      object: "price",
      active: true,
      billing_scheme: "per_unit",
      created: wallNow(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: asRecord(params.metadata),
      nickname: null,
      product,
      recurring:
        params.recurring === undefined
          ? null
          : {
              interval: recurring.interval,
              interval_count: recurring.interval_count
                ? asInt(recurring.interval_count, "recurring[interval_count]")
                : 1,
              usage_type: "licensed",
            },
      type: params.recurring === undefined ? "one_time" : "recurring",
      unit_amount: unitAmount,
    };
    prices.set(price.id, price);
    return price;
  }

  function listPrices(params: Record<string, unknown>) {
    let list = [...prices.values()].reverse();
    if (Array.isArray(params.lookup_keys)) {
      const keys = params.lookup_keys as string[];
      list = list.filter((price) => typeof price.lookup_key === "string" && keys.includes(price.lookup_key));
    }
    if (params.active !== undefined) list = list.filter((price) => String(price.active) === params.active);
    const limit = params.limit === undefined ? 10 : asInt(params.limit, "limit");
    return { object: "list", data: list.slice(0, limit), has_more: list.length > limit, url: "/v1/prices" };
  }

  function attachCard(customer: Obj, card: string): Obj {
    const number = card.replace(/\s/g, "");
    const decline = kit.declineOf(number);
    if (decline) throw kit.cardError(decline);
    const method: Obj = {
      id: kit.randomId("pm_"),
      object: "payment_method",
      type: "card",
      card: {
        brand: "visa",
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        // Stripe's fingerprint is the same for the same number on one account.
        fingerprint: createHash("sha256").update(number).digest("base64url").slice(0, 16),
        last4: number.slice(-4),
      },
      created: wallNow(),
      customer: customer.id,
      livemode: false,
      _number: number,
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  /** The card a subscription's invoices are charged to: its own default, else the customer's. */
  function cardFor(subscription: Obj): Obj | null {
    const own = subscription.default_payment_method;
    const customer = customers.get(String(subscription.customer));
    const id = typeof own === "string" ? own : asRecord(customer?.invoice_settings).default_payment_method;
    return typeof id === "string" ? (paymentMethods.get(id) ?? null) : null;
  }

  const charges = (method: Obj | null) =>
    method !== null && method._number !== CHARGE_FAILS && !kit.declineOf(String(method._number));

  const priceOf = (subscription: Obj): Obj => {
    const items = asRecord(subscription.items).data as Obj[];
    return items[0]!.price as Obj;
  };
  const itemOf = (subscription: Obj): Obj => (asRecord(subscription.items).data as Obj[])[0]!;

  function createInvoice(
    subscription: Obj,
    reason: string,
    amount: number,
    period: { start: number; end: number },
    price: Obj = priceOf(subscription),
  ) {
    const at = timeOf(subscription.customer);
    const id = kit.randomId("in_");
    const invoice: Obj = {
      id,
      object: "invoice",
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: at,
      currency: price.currency,
      customer: subscription.customer,
      hosted_invoice_url: `${kit.origin()}/i/${id}`,
      invoice_pdf: `${kit.origin()}/i/${id}/pdf`,
      lines: {
        object: "list",
        data: [
          {
            id: kit.randomId("il_"),
            object: "line_item",
            amount,
            currency: price.currency,
            description: `1 × ${String(products.get(String(price.product))?.name ?? "Plan")}`,
            invoice: id,
            metadata: {},
            parent: {
              type: "subscription_item_details",
              subscription_item_details: { subscription: subscription.id, subscription_item: itemOf(subscription).id },
            },
            period,
            pricing: { type: "price_details", price_details: { price: price.id, product: price.product } },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `SK-${invoices.size + 1}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: asRecord(subscription.metadata) },
      },
      period_end: at,
      period_start: at,
      status: "open",
      status_transitions: { finalized_at: at, paid_at: null },
      test_clock: customers.get(String(subscription.customer))?.test_clock ?? null,
      total: amount,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  /** One payment attempt of an invoice with the subscription's card: true when paid. */
  function attempt(invoice: Obj, subscription: Obj): boolean {
    const at = timeOf(subscription.customer);
    if ((invoice.amount_due as number) > 0) {
      invoice.attempt_count = (invoice.attempt_count as number) + 1;
      invoice.attempted = true;
      if (!charges(cardFor(subscription))) return false;
    }
    Object.assign(invoice, {
      status: "paid",
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
      status_transitions: { ...asRecord(invoice.status_transitions), paid_at: at },
    });
    return true;
  }

  function newSubscription(customer: Obj, price: Obj, params: Record<string, unknown>, at: number): Obj {
    const id = kit.randomId("sub_");
    return {
      id,
      object: "subscription",
      billing_cycle_anchor: at,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: at,
      currency: price.currency,
      customer: customer.id,
      default_payment_method: null,
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: kit.randomId("si_", 14),
            object: "subscription_item",
            created: at,
            current_period_end: addMonth(at),
            current_period_start: at,
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: asRecord(params.metadata),
      payment_settings: {
        save_default_payment_method: asRecord(params.payment_settings).save_default_payment_method ?? "off",
      },
      pending_update: null,
      schedule: null,
      start_date: at,
      status: "active",
      test_clock: customer.test_clock,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
      trial_start: null,
    };
  }

  function requireRecurringPrice(id: unknown, param: string): Obj {
    const price = need(prices, "price", id, param);
    if (price.type !== "recurring")
      throw kit.invalid(
        "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
        param,
      );
    return price;
  }

  async function createSubscription(params: Record<string, unknown>): Promise<Obj> {
    const customer = need(customers, "customer", params.customer, "customer");
    const items = Array.isArray(params.items) ? (params.items as Record<string, unknown>[]) : [];
    if (items.length !== 1) throw kit.invalid("This stand-in supports exactly one item.", "items");
    const price = requireRecurringPrice(items[0]!.price, "items[0][price]");
    const at = timeOf(customer.id);
    const subscription = newSubscription(customer, price, params, at);
    const behavior = String(params.payment_behavior ?? "allow_incomplete");
    if (!["allow_incomplete", "default_incomplete", "error_if_incomplete", "pending_if_incomplete"].includes(behavior))
      throw kit.invalid(`Invalid payment_behavior: ${behavior}`, "payment_behavior");
    const missingBehavior = asRecord(asRecord(params.trial_settings).end_behavior).missing_payment_method;
    if (missingBehavior !== undefined) {
      if (!["cancel", "create_invoice", "pause"].includes(String(missingBehavior)))
        throw kit.invalid("Invalid missing_payment_method", "trial_settings[end_behavior][missing_payment_method]");
      subscription.trial_settings = { end_behavior: { missing_payment_method: missingBehavior } };
    }
    if (typeof params.default_payment_method === "string")
      subscription.default_payment_method = need(paymentMethods, "payment_method", params.default_payment_method).id;
    const trialDays = params.trial_period_days === undefined ? 0 : asInt(params.trial_period_days, "trial_period_days");
    if (trialDays < 0 || trialDays > 730)
      throw kit.invalid("trial_period_days must be between 0 and 730.", "trial_period_days");
    if (trialDays > 0) {
      const end = at + trialDays * DAY;
      Object.assign(subscription, { status: "trialing", trial_start: at, trial_end: end, billing_cycle_anchor: end });
      Object.assign(itemOf(subscription), { current_period_end: end });
    }
    const amount = trialDays > 0 ? 0 : (price.unit_amount as number);
    const invoice = createInvoice(subscription, "subscription_create", amount, {
      start: at,
      end: itemOf(subscription).current_period_end as number,
    });
    if (!attempt(invoice, subscription)) {
      if (behavior === "error_if_incomplete") throw kit.cardError(kit.declineOf("4000000000000002")!);
      subscription.status = "incomplete";
    }
    subscriptions.set(subscription.id, subscription);
    emit("customer.subscription.created", subscription);
    emit(invoice.status === "paid" ? "invoice.paid" : "invoice.payment_failed", invoice);
    return subscription;
  }

  async function updateSubscription(subscription: Obj, params: Record<string, unknown>): Promise<Obj> {
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired")
      throw kit.invalid(
        "A canceled subscription can only update its cancellation_details and metadata.",
        undefined,
        "resource_missing",
      );
    const managed = subscription.schedule !== null;
    if (managed && (params.items !== undefined || params.cancel_at_period_end !== undefined))
      throw kit.invalid(
        `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    const before = structuredClone(subscription);
    const previous: Record<string, unknown> = {};
    const at = timeOf(subscription.customer);
    if (params.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...asRecord(subscription.metadata), ...asRecord(params.metadata) };
    }
    if (params.cancel_at_period_end !== undefined) {
      const cancel = params.cancel_at_period_end === "true";
      if (cancel !== subscription.cancel_at_period_end) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        previous.cancel_at = subscription.cancel_at;
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? itemOf(subscription).current_period_end : null;
        subscription.canceled_at = cancel ? at : null;
      }
    }
    if (typeof params.default_payment_method === "string") {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = need(paymentMethods, "payment_method", params.default_payment_method).id;
    }
    const items = Array.isArray(params.items) ? (params.items as Record<string, unknown>[]) : [];
    if (items.length > 0) {
      const item = itemOf(subscription);
      if (items[0]!.id !== item.id) throw kit.invalid("Invalid subscription item id.", "items[0][id]");
      const price = requireRecurringPrice(items[0]!.price, "items[0][price]");
      const oldPrice = item.price as Obj;
      const behavior = String(params.payment_behavior ?? "allow_incomplete");
      const proration = String(params.proration_behavior ?? "create_prorations");
      if (!["always_invoice", "create_prorations", "none"].includes(proration))
        throw kit.invalid(`Invalid proration_behavior: ${proration}`, "proration_behavior");
      if (price.id !== oldPrice.id) {
        const start = item.current_period_start as number;
        const end = item.current_period_end as number;
        const share = end > start ? Math.max(0, end - at) / (end - start) : 0;
        const amount =
          subscription.status === "trialing" || proration === "none"
            ? 0
            : Math.max(0, Math.round(((price.unit_amount as number) - (oldPrice.unit_amount as number)) * share));
        let paid = true;
        if (proration === "always_invoice" && amount > 0) {
          const invoice = createInvoice(subscription, "subscription_update", amount, { start: at, end }, price);
          paid = attempt(invoice, subscription);
          emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
        }
        if (!paid && behavior === "pending_if_incomplete") {
          subscription.pending_update = {
            expires_at: at + DAY,
            subscription_items: [{ id: item.id, price: price.id, quantity: 1 }],
            billing_cycle_anchor: null,
            trial_end: null,
            trial_from_plan: null,
          };
        } else {
          previous.items = before.items;
          item.price = price;
          subscription.pending_update = null;
          if (!paid) subscription.status = "past_due";
        }
      }
    }
    if (Object.keys(previous).length > 0) emit("customer.subscription.updated", subscription, previous);
    return subscription;
  }

  async function cancelNow(subscription: Obj, reason: string) {
    const at = timeOf(subscription.customer);
    Object.assign(subscription, {
      status: "canceled",
      ended_at: at,
      canceled_at: subscription.canceled_at ?? at,
      cancellation_details: { comment: null, feedback: null, reason },
    });
    if (typeof subscription.schedule === "string") {
      const schedule = schedules.get(subscription.schedule)!;
      Object.assign(schedule, { status: "canceled", canceled_at: at });
      subscription.schedule = null;
    }
    emit("customer.subscription.deleted", subscription);
  }

  /** The next billing period: a schedule's next phase takes effect, then the renewal invoice is charged. */
  async function renew(subscription: Obj, at: number) {
    const item = itemOf(subscription);
    const previous: Record<string, unknown> = {
      status: subscription.status,
      items: structuredClone(subscription.items),
    };
    if (typeof subscription.schedule === "string") {
      const schedule = schedules.get(subscription.schedule)!;
      const phases = schedule.phases as Obj[];
      const next = phases.find((phase) => (phase.start_date as number) === at);
      if (next) {
        const nextPrice = prices.get(String(asRecord((next.items as unknown[])[0]).price));
        if (nextPrice) item.price = nextPrice;
        schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      } else if (phases.every((phase) => (phase.end_date as number) <= at)) {
        Object.assign(schedule, { status: "released", released_at: at, released_subscription: subscription.id });
        subscription.schedule = null;
      }
    }
    Object.assign(item, { current_period_start: at, current_period_end: addMonth(at) });
    const invoice = createInvoice(subscription, "subscription_cycle", priceOf(subscription).unit_amount as number, {
      start: at,
      end: item.current_period_end as number,
    });
    const paid = attempt(invoice, subscription);
    subscription.status = paid ? "active" : "past_due";
    if (!paid) {
      subscription._retries = RETRY_DAYS.map((days) => at + days * DAY);
      invoice.next_payment_attempt = (subscription._retries as number[])[0];
    }
    emit("customer.subscription.updated", subscription, previous);
    emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  }

  async function retry(subscription: Obj) {
    const retries = subscription._retries as number[];
    retries.shift();
    const invoice = invoices.get(String(subscription.latest_invoice))!;
    if (attempt(invoice, subscription)) {
      subscription.status = "active";
      subscription._retries = [];
      emit("invoice.paid", invoice);
      emit("customer.subscription.updated", subscription, { status: "past_due" });
      return;
    }
    invoice.next_payment_attempt = retries[0] ?? null;
    emit("invoice.payment_failed", invoice);
    // Stripe's setting "cancel the subscription if all retries fail".
    if (retries.length === 0) {
      Object.assign(invoice, { status: "uncollectible" });
      await cancelNow(subscription, "payment_failed");
    }
  }

  /** The subscription's next moment due on its clock, with what happens then. */
  function nextStep(subscription: Obj): { at: number; run: () => Promise<void> } | null {
    const item = itemOf(subscription);
    const periodEnd = item.current_period_end as number;
    if (subscription.status === "trialing") {
      const trialEnd = subscription.trial_end as number;
      const reminder = trialEnd - TRIAL_WILL_END_DAYS * DAY;
      if (!subscription._reminded)
        return {
          at: reminder,
          run: async () => {
            subscription._reminded = true;
            emit("customer.subscription.trial_will_end", subscription);
          },
        };
      return {
        at: trialEnd,
        run: async () => {
          if (subscription.cancel_at_period_end) return cancelNow(subscription, "cancellation_requested");
          const behavior = asRecord(asRecord(subscription.trial_settings).end_behavior).missing_payment_method;
          if (!cardFor(subscription) && behavior === "cancel")
            return cancelNow(subscription, "trial_end_without_payment_method");
          if (!cardFor(subscription) && behavior === "pause") {
            subscription.status = "paused";
            return emit("customer.subscription.updated", subscription, { status: "trialing" });
          }
          return renew(subscription, trialEnd);
        },
      };
    }
    const retries = (subscription._retries as number[] | undefined) ?? [];
    if (subscription.status === "past_due" && retries.length > 0 && retries[0]! < periodEnd)
      return { at: retries[0]!, run: () => retry(subscription) };
    if (subscription.status === "active" || subscription.status === "past_due")
      return {
        at: periodEnd,
        run: () =>
          subscription.cancel_at_period_end
            ? cancelNow(subscription, "cancellation_requested")
            : renew(subscription, periodEnd),
      };
    return null;
  }

  async function advance(clock: Obj, target: number) {
    for (;;) {
      const due = [...subscriptions.values()]
        .filter((subscription) => subscription.test_clock === clock.id)
        .map(nextStep)
        .filter((step): step is NonNullable<typeof step> => step !== null && step.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock.frozen_time = due.at;
      await due.run();
    }
    Object.assign(clock, { frozen_time: target, status: "ready" });
    emit("test_helpers.test_clock.ready", clock);
    await outbox;
  }

  function createSession(params: Record<string, unknown>): Obj {
    if (params.payment_intent_data !== undefined)
      throw kit.invalid("You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data");
    const customer = need(customers, "customer", params.customer, "customer");
    const items = Array.isArray(params.line_items) ? (params.line_items as Record<string, unknown>[]) : [];
    if (items.length !== 1) throw kit.invalid("Exactly one line item is expected.", "line_items");
    const price = need(prices, "price", items[0]!.price, "line_items[0][price]");
    if (price.type !== "recurring")
      throw kit.invalid(
        "You must provide at least one recurring price in `subscription` mode when using prices.",
        "line_items",
      );
    for (const url of ["success_url", "cancel_url"]) requireUrl(params, url);
    const id = kit.randomId("cs_test_b1", 56);
    const session: Obj = {
      id,
      object: "checkout.session",
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      created: wallNow(),
      currency: price.currency,
      customer: customer.id,
      expires_at: wallNow() + DAY,
      invoice: null,
      livemode: false,
      metadata: asRecord(params.metadata),
      mode: "subscription",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: params.success_url,
      url: `${kit.origin()}/c/pay/${id}`,
      _price: price.id,
      _subscriptionData: asRecord(params.subscription_data),
    };
    checkoutSessions.set(id, session);
    return session;
  }

  async function completeCheckout(sessionId: string, { card = "4242424242424242" }: { card?: string } = {}) {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no subscription session ${sessionId}`);
    if (session.status !== "open") throw new Error(`session ${sessionId} is ${String(session.status)}`);
    const customer = customers.get(String(session.customer))!;
    if (kit.declineOf(card.replace(/\s/g, ""))) return { paid: false };
    const method = attachCard(customer, card);
    if (!charges(method)) return { paid: false };
    const price = prices.get(String(session._price))!;
    const at = timeOf(customer.id);
    const subscription = newSubscription(customer, price, asRecord(session._subscriptionData), at);
    subscription.default_payment_method = method.id;
    const invoice = createInvoice(subscription, "subscription_create", price.unit_amount as number, {
      start: at,
      end: itemOf(subscription).current_period_end as number,
    });
    attempt(invoice, subscription);
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      subscription: subscription.id,
      invoice: invoice.id,
    });
    emit("customer.subscription.created", subscription);
    emit("invoice.paid", invoice);
    emit("checkout.session.completed", session);
    await outbox;
    return { paid: true };
  }

  async function setCard(customerId: string, card: string) {
    const customer = need(customers, "customer", customerId, "customer");
    const method = attachCard(customer, card);
    customer.invoice_settings = { default_payment_method: method.id };
    for (const subscription of subscriptions.values()) {
      if (subscription.customer !== customer.id || subscription.status === "canceled") continue;
      const previous = { default_payment_method: subscription.default_payment_method };
      subscription.default_payment_method = method.id;
      emit("customer.subscription.updated", subscription, previous);
    }
    await outbox;
  }

  function createSchedule(params: Record<string, unknown>): Obj {
    const subscription = need(subscriptions, "subscription", params.from_subscription, "from_subscription");
    if (subscription.schedule)
      throw kit.invalid(
        `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
        "from_subscription",
      );
    const item = itemOf(subscription);
    const phase = {
      start_date: item.current_period_start,
      end_date: item.current_period_end,
      items: [{ price: (item.price as Obj).id, quantity: 1 }],
    };
    const schedule: Obj = {
      id: kit.randomId("sub_sched_"),
      object: "subscription_schedule",
      canceled_at: null,
      created: wallNow(),
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      customer: subscription.customer,
      end_behavior: "release",
      livemode: false,
      metadata: {},
      phases: [phase],
      released_at: null,
      released_subscription: null,
      status: "active",
      subscription: subscription.id,
      test_clock: subscription.test_clock,
    };
    schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return schedule;
  }

  function updateSchedule(schedule: Obj, params: Record<string, unknown>): Obj {
    if (schedule.status !== "active" && schedule.status !== "not_started")
      throw kit.invalid(`You cannot update a subscription schedule that is ${String(schedule.status)}.`);
    if (params.end_behavior !== undefined) {
      if (!["release", "cancel"].includes(String(params.end_behavior)))
        throw kit.invalid("Invalid end_behavior", "end_behavior");
      schedule.end_behavior = params.end_behavior;
    }
    if (Array.isArray(params.phases)) {
      const current = asRecord(schedule.current_phase);
      const phases: Obj[] = [];
      let start = asInt((params.phases[0] as Record<string, unknown>).start_date, "phases[0][start_date]");
      if (start !== current.start_date)
        throw kit.invalid("You can not modify the start date of the current phase.", "phases[0][start_date]");
      (params.phases as Record<string, unknown>[]).forEach((phase, index) => {
        const items = Array.isArray(phase.items) ? (phase.items as Record<string, unknown>[]) : [];
        if (items.length !== 1)
          throw kit.invalid("This stand-in supports one item per phase.", `phases[${index}][items]`);
        requireRecurringPrice(items[0]!.price, `phases[${index}][items][0][price]`);
        const duration = asRecord(phase.duration);
        const end =
          phase.end_date !== undefined
            ? asInt(phase.end_date, `phases[${index}][end_date]`)
            : duration.interval === "month"
              ? addMonth(start, duration.interval_count ? asInt(duration.interval_count, "interval_count") : 1)
              : null;
        if (end === null)
          throw kit.invalid("Each phase needs an end_date or a duration.", `phases[${index}][end_date]`);
        phases.push({
          id: String(index),
          start_date: start,
          end_date: end,
          items: [{ price: items[0]!.price, quantity: 1 }],
        });
        start = end;
      });
      schedule.phases = phases;
    }
    return schedule;
  }

  async function releaseSchedule(schedule: Obj): Promise<Obj> {
    if (schedule.status !== "active" && schedule.status !== "not_started")
      throw kit.invalid(`You cannot release a subscription schedule that is currently ${String(schedule.status)}.`);
    const subscription = subscriptions.get(String(schedule.subscription))!;
    Object.assign(schedule, {
      status: "released",
      released_at: timeOf(subscription.customer),
      released_subscription: subscription.id,
    });
    subscription.schedule = null;
    emit("customer.subscription.updated", subscription, { schedule: schedule.id });
    return schedule;
  }

  function listInvoices(params: Record<string, unknown>) {
    let list = [...invoices.values()].sort((a, b) => (b.created as number) - (a.created as number));
    if (typeof params.customer === "string") list = list.filter((invoice) => invoice.customer === params.customer);
    if (typeof params.subscription === "string")
      list = list.filter(
        (invoice) => asRecord(asRecord(invoice.parent).subscription_details).subscription === params.subscription,
      );
    const limit = params.limit === undefined ? 10 : asInt(params.limit, "limit");
    if (limit < 1 || limit > 100)
      throw kit.invalid("This value must be greater than or equal to 1 and less than or equal to 100.", "limit");
    let start = 0;
    if (typeof params.starting_after === "string") start = list.findIndex((i) => i.id === params.starting_after) + 1;
    const data = list.slice(start, start + limit);
    return { object: "list", data, has_more: start + limit < list.length, url: "/v1/invoices" };
  }

  async function api(method: string, path: string, params: Record<string, unknown>) {
    const ok = (body: Obj | Record<string, unknown>) => ({
      status: 200,
      body: "id" in body ? view(body as Obj) : body,
    });
    const [, resource, id, verb] =
      path.match(/^\/v1\/((?:test_helpers\/)?[a-z_]+(?:\/sessions)?)(?:\/([^/]+))?(?:\/([a-z_]+))?$/) ?? [];
    if (method === "POST" && path === "/v1/checkout/sessions" && params.mode === "subscription")
      return ok(createSession(params));
    if (method === "GET" && resource === "checkout/sessions" && id && checkoutSessions.has(id))
      return ok(checkoutSessions.get(id)!);
    switch (resource) {
      case "customers":
        if (method === "POST" && !id) return ok(createCustomer(params));
        if (method === "GET" && id && !verb) return ok(need(customers, "customer", id));
        break;
      case "prices":
        if (method === "POST" && !id) return ok(createPrice(params));
        if (method === "GET" && !id) return ok(listPrices(params));
        if (method === "GET" && id) return ok(need(prices, "price", id));
        break;
      case "payment_methods":
        if (method === "GET" && id) return ok(need(paymentMethods, "payment_method", id));
        break;
      case "subscriptions":
        if (method === "POST" && !id) return ok(await createSubscription(params));
        if (method === "GET" && id) return ok(need(subscriptions, "subscription", id));
        if (method === "POST" && id && !verb)
          return ok(await updateSubscription(need(subscriptions, "subscription", id), params));
        break;
      case "subscription_schedules":
        if (method === "POST" && !id) return ok(createSchedule(params));
        if (method === "GET" && id) return ok(need(schedules, "subscription_schedule", id));
        if (method === "POST" && id && verb === "release")
          return ok(await releaseSchedule(need(schedules, "subscription_schedule", id)));
        if (method === "POST" && id && !verb)
          return ok(updateSchedule(need(schedules, "subscription_schedule", id), params));
        break;
      case "invoices":
        if (method === "GET" && !id) return ok(listInvoices(params));
        if (method === "GET" && id) return ok(need(invoices, "invoice", id));
        break;
      case "billing_portal/sessions":
        if (method === "POST" && !id) {
          const customer = need(customers, "customer", params.customer, "customer");
          if (params.return_url !== undefined) requireUrl(params, "return_url");
          const session: Obj = {
            id: kit.randomId("bps_"),
            object: "billing_portal.session",
            created: wallNow(),
            customer: customer.id,
            livemode: false,
            return_url: params.return_url ?? null,
            url: "",
          };
          session.url = `${kit.origin()}/p/session/${session.id}`;
          portalSessions.set(session.id, session);
          return ok(session);
        }
        break;
      case "test_helpers/test_clocks": {
        if (method === "POST" && !id) return ok(createClock(params));
        const clock = id ? need(testClocks, "test_clock", id) : undefined;
        if (method === "GET" && clock) return ok(clock);
        if (method === "POST" && clock && verb === "advance") {
          if (clock.status !== "ready")
            throw kit.invalid("The test clock is currently advancing.", undefined, "test_clock_advancing");
          const target = asInt(params.frozen_time, "frozen_time");
          if (target <= (clock.frozen_time as number))
            throw kit.invalid("The frozen time must be after the current frozen time.", "frozen_time");
          clock.status = "advancing";
          work = work.then(() => advance(clock, target));
          return ok(clock);
        }
        break;
      }
    }
    return undefined;
  }

  async function page(method: string, path: string, form: URLSearchParams): Promise<BillingPage | undefined> {
    const checkout = checkoutSessions.get(path.match(/^\/c\/pay\/([^/]+)$/)?.[1] ?? "");
    const portal = portalSessions.get(path.match(/^\/p\/session\/([^/]+)$/)?.[1] ?? "");
    const cardForm = (button: string) =>
      `<form method="post"><label for="card">Card number</label><input id="card" name="card" autocomplete="cc-number"><button type="submit">${button}</button></form>`;
    if (checkout) {
      if (method === "POST" && form.get("action") === "cancel")
        return { status: 303, location: String(checkout.cancel_url) };
      if (method === "POST" && checkout.status === "open") {
        const { paid } = await completeCheckout(checkout.id, { card: form.get("card") ?? "" });
        if (paid)
          return { status: 303, location: String(checkout.success_url).replace("{CHECKOUT_SESSION_ID}", checkout.id) };
      }
      const declined = method === "POST" ? '<p role="alert">Your card was declined.</p>' : "";
      const price = prices.get(String(checkout._price))!;
      return {
        status: 200,
        html: `<h1>Subscribe to ${String(products.get(String(price.product))?.name)}</h1><p>${(price.unit_amount as number) / 100} ${String(price.currency).toUpperCase()} per month</p>${declined}
${cardForm("Subscribe")}
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Back</button></form>`,
      };
    }
    if (portal) {
      if (method === "POST" && form.get("card")) {
        try {
          await setCard(String(portal.customer), form.get("card")!);
        } catch {
          return {
            status: 200,
            html: `<h1>Billing</h1><p role="alert">Your card was declined.</p>${cardForm("Save card")}`,
          };
        }
        return { status: 303, location: String(portal.return_url ?? kit.origin()) };
      }
      return { status: 200, html: `<h1>Billing</h1>${cardForm("Save card")}` };
    }
    return undefined;
  }

  const standIn: StripeBillingStandIn = {
    webhookSecret: options.webhookSecret,
    webhookUrl: undefined,
    deliveries,
    customers,
    prices,
    paymentMethods,
    subscriptions,
    schedules,
    invoices,
    checkoutSessions,
    portalSessions,
    testClocks,
    clockPerCustomer: false,
    completeCheckout,
    setCard,
    clockOf: (customerId) => {
      const clock = customers.get(customerId)?.test_clock;
      return typeof clock === "string" ? clock : null;
    },
    idle: async () => {
      await work;
      await outbox;
    },
  };
  return { standIn, api, page };
}
