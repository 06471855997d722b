import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { type StripeBillingStandIn, stripeBilling } from "./stripe-billing-stand-in";

/**
 * A local stand-in for Stripe's API, written from Stripe's API reference for what the Stripe provider uses:
 * Checkout Sessions (create, retrieve with `expand[]=payment_intent`), PaymentIntents (retrieve), Refunds (create,
 * retrieve, list by `payment_intent`), Connect accounts (create,
 * retrieve), Account Links, and a connected account's Balance and Payouts (GET /v1/balance, GET /v1/payouts with the
 * `Stripe-Account` header; list pagination with `limit`, `starting_after`, `has_more`). Requests are form-encoded with
 * bracket notation and authenticated with `Authorization: Bearer sk_…`; errors carry Stripe's body (`{ error: { type,
 * code, message, param, decline_code } }`); `Idempotency-Key` replays the first answer (and refuses a key reused with
 * other parameters). State lives in memory. Tests drive the buyer's and the creator's side (`completeCheckout`,
 * `completeOnboarding`, disputes…), and every outcome is sent as an event signed like Stripe's (`Stripe-Signature`,
 * made with `stripe.webhooks.generateTestHeaderString`): kept in `deliveries` and POSTed to `webhookUrl` when one is
 * set.
 * It also serves two small pages a browser can use: the hosted checkout (`/c/pay/:id`) and the onboarding of an
 * account link (`/setup/e/:account/:link`).
 * Terminal, server-driven: PaymentIntents (create, cancel), Readers (create with a `simulated-*` registration code,
 * list, retrieve, process_payment_intent, cancel_action) and the test helper
 * `POST /v1/test_helpers/terminal/readers/:id/present_payment_method` (card_present 4242… approves, the DECLINES
 * numbers decline), which sends payment_intent.succeeded and terminal.reader.action_succeeded, or
 * terminal.reader.action_failed.
 * Billing (Sellkit's own plans: customers, prices, subscription-mode checkout, subscriptions, schedules, invoices,
 * portal sessions, test clocks) is `billing`, from tests/support/stripe-billing-stand-in.ts, on its own endpoint.
 */

export type StripeRequestLog = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey?: string;
  stripeVersion?: string;
  /** The Stripe-Account header: the connected account the request acts on. */
  stripeAccount?: string;
};

/** A connected account's balance as the test sets it (minor units per currency, lower-case like Stripe's). */
export type StripeBalanceSetting = {
  available: { amount: number; currency: string }[];
  pending: { amount: number; currency: string }[];
};
export type StripeDelivery = { body: string; headers: Record<string, string>; event: Record<string, unknown> };
type Obj = Record<string, unknown> & { id: string };

export type StripeStandIn = {
  origin: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order. */
  requests: StripeRequestLog[];
  /** Every event sent, signed, in order. */
  deliveries: StripeDelivery[];
  /** Where events are POSTed (the app's webhook endpoint); none: only kept in `deliveries`. */
  webhookUrl: string | undefined;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  charges: Map<string, Obj>;
  refunds: Map<string, Obj>;
  accounts: Map<string, Obj>;
  /** Terminal readers by id. */
  readers: Map<string, Obj>;
  /** The settings that point the app at this stand-in. */
  env: Record<string, string>;
  /** Stripe Billing: its objects, test helpers and its own webhook endpoint and secret. */
  billing: StripeBillingStandIn;
  /** The buyer pays on the hosted page: 4242… pays, "decline" / 4000…0002 is declined, 4000…9995 lacks funds. */
  completeCheckout(sessionId: string, options?: { card?: string }): Promise<{ paid: boolean }>;
  expireCheckout(sessionId: string): Promise<void>;
  /** The creator finishes onboarding: charges and payouts enabled, details submitted (account.updated sent). */
  completeOnboarding(accountId: string): Promise<void>;
  openDispute(paymentIntentId: string): Promise<string>;
  /** Sets a connected account's balance (what GET /v1/balance with its Stripe-Account header answers). */
  setBalance(accountId: string, balance: StripeBalanceSetting): void;
  /** Adds a payout of a connected account (created now unless given); GET /v1/payouts lists them newest first. */
  addPayout(
    accountId: string,
    payout: {
      amount: number;
      currency: string;
      status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
      arrivalDate: Date;
      created?: Date;
    },
  ): string;
  /** While true, every API request answers 500 api_error, as during an outage at Stripe. */
  outage: boolean;
  /** While true, a refund is made but the connection closes before the answer (its replays too): a lost answer. */
  dropRefundAnswers: boolean;
  closeDispute(disputeId: string, status: "won" | "lost"): Promise<void>;
  /** Signs an event like Stripe (timestamp defaults to now) without sending it: for forged/stale deliveries. */
  sign(body: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
};

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  "4000000000000069": { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
};

/** Smallest chargeable amounts per currency (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, czk: 1500 };

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; param?: string; decline_code?: string; message: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code = "parameter_invalid") =>
  new StripeApiError(400, { type: "invalid_request_error", code, message, ...(param ? { param } : {}) });

function randomId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}

/** `a[b][0][c]=1` → `{ a: { b: [{ c: "1" }] } }` (the SDK's indexed bracket notation). */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const slot = part === "" && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined)
        container[slot] = /^\d+$/.test(parts[index + 1]!) || parts[index + 1] === "" ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};
const asInt = (value: unknown, param: string): number => {
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return Number(value);
};
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string; billingWebhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const requests: StripeRequestLog[] = [];
  const deliveries: StripeDelivery[] = [];
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const readers = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const balances = new Map<string, StripeBalanceSetting>();
  const payouts = new Map<string, Obj[]>();
  const accountLinks = new Map<
    string,
    { account: string; return_url: string; refresh_url: string; expires_at: number; used: boolean }
  >();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let origin = "";

  const sign = (body: string, signOptions: { timestamp?: number; secret?: string } = {}) =>
    signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: signOptions.secret ?? webhookSecret,
      timestamp: signOptions.timestamp ?? now(),
    });

  async function emit(type: string, object: Obj, account?: string) {
    const event = {
      id: randomId("evt_"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    };
    const body = JSON.stringify(event, null, 2);
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": sign(body),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    };
    deliveries.push({ body, headers, event });
    if (standIn.webhookUrl) {
      await fetch(standIn.webhookUrl, { method: "POST", headers, body }).catch(() => undefined);
    }
  }

  function requireAccount(id: string): Obj {
    const account = accounts.get(id);
    if (!account)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "account",
        message: `No such account: '${id}'`,
      });
    return account;
  }

  function createSession(params: Record<string, unknown>): Obj {
    if (params.mode !== "payment") throw invalid("This stand-in supports mode=payment only.", "mode");
    const items = params.line_items;
    if (!Array.isArray(items) || items.length !== 1) throw invalid("Exactly one line item is expected.", "line_items");
    const item = asRecord(items[0]);
    const priceData = asRecord(item.price_data);
    const currency = String(priceData.currency ?? "");
    if (!(currency in MINIMUM_AMOUNT))
      throw invalid(`Invalid currency: ${currency}.`, "line_items[0][price_data][currency]");
    const unitAmount = asInt(priceData.unit_amount, "line_items[0][price_data][unit_amount]");
    const quantity = asInt(item.quantity ?? "1", "line_items[0][quantity]");
    const amount = unitAmount * quantity;
    if (amount < MINIMUM_AMOUNT[currency]!) {
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${MINIMUM_AMOUNT[currency]} ${currency}.`,
        "line_items",
        "amount_too_small",
      );
    }
    if (!asRecord(priceData.product_data).name)
      throw invalid(
        "Missing required param: line_items[0][price_data][product_data][name].",
        "line_items[0][price_data][product_data][name]",
        "parameter_missing",
      );
    for (const url of ["success_url", "cancel_url"] as const) {
      if (typeof params[url] !== "string" || !/^https?:\/\//.test(params[url] as string))
        throw invalid("Not a valid URL", url, "url_invalid");
    }
    const expiresAt = params.expires_at === undefined ? now() + 24 * 3600 : asInt(params.expires_at, "expires_at");
    if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
      throw invalid(
        "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
        "expires_at",
      );
    }
    const intentData = asRecord(params.payment_intent_data);
    const destination = asRecord(intentData.transfer_data).destination;
    const fee =
      intentData.application_fee_amount === undefined
        ? null
        : asInt(intentData.application_fee_amount, "payment_intent_data[application_fee_amount]");
    if (fee !== null && !destination) {
      throw invalid(
        "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
        "payment_intent_data[application_fee_amount]",
      );
    }
    if (fee !== null && (fee < 0 || fee > amount))
      throw invalid(
        "The application fee must be between 0 and the amount.",
        "payment_intent_data[application_fee_amount]",
      );
    if (typeof destination === "string") {
      const account = requireAccount(destination);
      if (asRecord(account.capabilities).transfers !== "active") {
        throw invalid(
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
          "payment_intent_data[transfer_data][destination]",
          "insufficient_capabilities_for_transfer",
        );
      }
    }
    const id = randomId("cs_test_a1", 56);
    const session: Obj = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency,
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: asRecord(params.metadata),
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      url: `${origin}/c/pay/${id}`,
      // Kept for the stand-in's own bookkeeping (what the PaymentIntent will be created with).
      _intent: {
        application_fee_amount: fee,
        transfer_data: destination ? { destination } : null,
        metadata: asRecord(intentData.metadata),
      },
      _product: asRecord(priceData.product_data).name,
    };
    sessions.set(id, session);
    return session;
  }

  /** The session as the API shows it: without bookkeeping, payment_intent expanded when asked. */
  function sessionView(session: Obj, expand: string[]): Record<string, unknown> {
    const { _intent, _product, ...view } = session;
    if (expand.includes("payment_intent") && typeof view.payment_intent === "string")
      view.payment_intent = paymentIntents.get(view.payment_intent) ?? null;
    return view;
  }

  function intentFor(session: Obj): Obj {
    if (typeof session.payment_intent === "string") return paymentIntents.get(session.payment_intent)!;
    const extra = asRecord(session._intent);
    const intent: Obj = {
      id: randomId("pi_"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: 0,
      application_fee_amount: extra.application_fee_amount ?? null,
      currency: session.currency,
      created: now(),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: extra.metadata ?? {},
      status: "requires_payment_method",
      transfer_data: extra.transfer_data ?? null,
    };
    paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  async function completeCheckout(sessionId: string, { card = "4242424242424242" }: { card?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== "open") throw new Error(`session ${sessionId} is ${String(session.status)}`);
    const intent = intentFor(session);
    const decline = DECLINES[card.replace(/\s/g, "")];
    if (decline) {
      intent.last_payment_error = { type: "card_error", ...decline, charge: randomId("ch_") };
      intent.status = "requires_payment_method";
      return { paid: false };
    }
    const charge: Obj = {
      id: randomId("ch_"),
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      application_fee_amount: intent.application_fee_amount,
      currency: intent.currency,
      created: now(),
      disputed: false,
      // Stripe copies the PaymentIntent's metadata onto its charges.
      metadata: { ...asRecord(intent.metadata) },
      paid: true,
      payment_intent: intent.id,
      refunded: false,
      status: "succeeded",
      transfer_data: intent.transfer_data,
      _feeRefunded: 0,
    };
    charges.set(charge.id, charge);
    Object.assign(intent, {
      status: "succeeded",
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    Object.assign(session, { status: "complete", payment_status: "paid" });
    await emit("checkout.session.completed", sessionView(session, []) as Obj);
    return { paid: true };
  }

  async function expireCheckout(sessionId: string) {
    const session = sessions.get(sessionId);
    if (session?.status !== "open") throw new Error(`session ${sessionId} cannot expire`);
    session!.status = "expired";
    await emit("checkout.session.expired", sessionView(session!, []) as Obj);
  }

  const missing = (kind: string, id: string, param = "id") =>
    new StripeApiError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      param,
      message: `No such ${kind}: '${id}'`,
    });

  /** POST /v1/payment_intents: a bare PaymentIntent, as a Terminal payment creates it. */
  function createIntent(params: Record<string, unknown>): Obj {
    const currency = String(params.currency ?? "");
    if (!(currency in MINIMUM_AMOUNT)) throw invalid(`Invalid currency: ${currency}.`, "currency");
    const amount = asInt(params.amount, "amount");
    if (amount < MINIMUM_AMOUNT[currency]!)
      throw invalid(`Amount must be at least ${MINIMUM_AMOUNT[currency]} ${currency}.`, "amount", "amount_too_small");
    const types = params.allowed_payment_method_types ?? params.payment_method_types ?? ["card"];
    if (!Array.isArray(types) || types.some((t) => typeof t !== "string"))
      throw invalid("Invalid array", "allowed_payment_method_types");
    const captureMethod = String(params.capture_method ?? "automatic");
    if (!["automatic", "automatic_async", "manual"].includes(captureMethod))
      throw invalid(`Invalid capture_method: ${captureMethod}`, "capture_method");
    const destination = asRecord(params.transfer_data).destination;
    if (typeof destination === "string") requireAccount(destination);
    const intent: Obj = {
      id: randomId("pi_"),
      object: "payment_intent",
      amount,
      amount_received: 0,
      application_fee_amount: null,
      capture_method: captureMethod,
      currency,
      created: now(),
      description: params.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: asRecord(params.metadata),
      on_behalf_of: params.on_behalf_of ?? null,
      payment_method_types: types,
      status: "requires_payment_method",
      transfer_data: destination ? { destination } : null,
    };
    paymentIntents.set(intent.id, intent);
    return intent;
  }

  function requireIntent(id: string): Obj {
    const intent = paymentIntents.get(id);
    if (!intent) throw missing("payment_intent", id, "intent");
    return intent;
  }

  function requireReader(id: string): Obj {
    const reader = readers.get(id);
    if (!reader) throw missing("terminal.reader", id);
    return reader;
  }

  /** Simulated readers' registration codes, as Stripe's test mode accepts them. */
  const SIMULATED_CODES: Record<string, string> = {
    "simulated-wpe": "simulated_wisepos_e",
    "simulated-s700": "simulated_stripe_s700",
    "simulated-s710": "simulated_stripe_s710",
  };

  function createReader(params: Record<string, unknown>): Obj {
    const code = String(params.registration_code ?? "");
    const deviceType = SIMULATED_CODES[code];
    if (!deviceType)
      throw invalid(
        code ? "The registration code is invalid or has expired." : "Missing required param: registration_code.",
        "registration_code",
        code ? "parameter_invalid" : "parameter_missing",
      );
    const reader: Obj = {
      id: randomId("tmr_", 14),
      object: "terminal.reader",
      action: null,
      device_sw_version: "",
      device_type: deviceType,
      ip_address: "0.0.0.0",
      label: typeof params.label === "string" && params.label ? params.label : code,
      last_seen_at: null,
      livemode: false,
      location: params.location ?? null,
      metadata: asRecord(params.metadata),
      serial_number: randomBytes(6).toString("hex"),
      status: "online",
    };
    readers.set(reader.id, reader);
    return reader;
  }

  function processPaymentIntent(reader: Obj, params: Record<string, unknown>): Obj {
    const intent = requireIntent(String(params.payment_intent ?? ""));
    if (asRecord(reader.action).status === "in_progress")
      throw invalid("Reader is currently busy processing another request.", undefined, "terminal_reader_busy");
    if (!(intent.payment_method_types as string[]).includes("card_present"))
      throw invalid(
        "The PaymentIntent does not allow card_present payments.",
        "payment_intent",
        "payment_intent_invalid_parameter",
      );
    if (intent.status !== "requires_payment_method")
      throw invalid(
        `This PaymentIntent's status is ${String(intent.status)}.`,
        "payment_intent",
        "payment_intent_unexpected_state",
      );
    reader.action = {
      failure_code: null,
      failure_message: null,
      process_payment_intent: { payment_intent: intent.id },
      status: "in_progress",
      type: "process_payment_intent",
    };
    return reader;
  }

  function cancelAction(reader: Obj): Obj {
    const action = asRecord(reader.action);
    if (action.status !== "in_progress")
      throw invalid("This reader has no action in progress to cancel.", undefined, "terminal_reader_busy");
    reader.action = {
      ...action,
      status: "failed",
      failure_code: "canceled",
      failure_message: "The action was canceled.",
    };
    return reader;
  }

  /** The test helper: the buyer taps `card_present[number]` on a simulated reader processing a PaymentIntent. */
  async function presentPaymentMethod(reader: Obj, params: Record<string, unknown>): Promise<Obj> {
    if (!String(reader.device_type).startsWith("simulated_"))
      throw invalid("This endpoint works only with simulated readers.", undefined, "terminal_reader_invalid");
    const action = asRecord(reader.action);
    if (action.status !== "in_progress")
      throw invalid("The reader has no action in progress.", undefined, "terminal_reader_busy");
    const intent = requireIntent(String(asRecord(action.process_payment_intent).payment_intent));
    const number = String(asRecord(params.card_present).number ?? "4242424242424242");
    const decline = DECLINES[number];
    if (decline) {
      intent.last_payment_error = { type: "card_error", ...decline };
      reader.action = { ...action, status: "failed", failure_code: decline.code, failure_message: decline.message };
      await emit("terminal.reader.action_failed", reader);
      return reader;
    }
    const charge: Obj = {
      id: randomId("ch_"),
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      application_fee_amount: null,
      currency: intent.currency,
      created: now(),
      disputed: false,
      metadata: { ...asRecord(intent.metadata) },
      paid: true,
      payment_intent: intent.id,
      payment_method_details: { type: "card_present", card_present: { last4: number.slice(-4) } },
      refunded: false,
      status: "succeeded",
      transfer_data: intent.transfer_data,
      _feeRefunded: 0,
    };
    charges.set(charge.id, charge);
    Object.assign(intent, {
      status: "succeeded",
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    reader.action = { ...action, status: "succeeded" };
    await emit("payment_intent.succeeded", intent);
    await emit("terminal.reader.action_succeeded", reader);
    return reader;
  }

  function cancelIntent(intent: Obj): Obj {
    if (intent.status === "succeeded" || intent.status === "canceled")
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        undefined,
        "payment_intent_unexpected_state",
      );
    Object.assign(intent, { status: "canceled", canceled_at: now(), cancellation_reason: "requested_by_customer" });
    return intent;
  }

  function createRefund(params: Record<string, unknown>): Obj {
    const intentId = String(params.payment_intent ?? "");
    const intent = paymentIntents.get(intentId);
    if (!intent)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_intent",
        message: `No such payment_intent: '${intentId}'`,
      });
    const charge = charges.get(String(intent.latest_charge));
    if (!charge || intent.status !== "succeeded")
      throw invalid(
        "This PaymentIntent does not have a successful charge to refund.",
        "payment_intent",
        "charge_not_refundable",
      );
    const remaining = (charge.amount as number) - (charge.amount_refunded as number);
    if (remaining <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = params.amount === undefined ? remaining : asInt(params.amount, "amount");
    if (amount <= 0) throw invalid("Refund amount must be positive.", "amount");
    if (amount > remaining)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        "amount",
        "amount_too_large",
      );
    if (params.reverse_transfer === "true" && !charge.transfer_data) {
      throw invalid(
        "You cannot reverse the transfer of a charge that was not created with transfer_data.",
        "reverse_transfer",
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    // Stripe: the application fee comes back in full with a full refund, in proportion to the amount otherwise.
    let feeRefunded = 0;
    if (params.refund_application_fee === "true" && typeof charge.application_fee_amount === "number") {
      const fee = charge.application_fee_amount;
      feeRefunded = charge.refunded
        ? fee - (charge._feeRefunded as number)
        : Math.floor((fee * amount) / (charge.amount as number));
      charge._feeRefunded = (charge._feeRefunded as number) + feeRefunded;
    }
    const refund: Obj = {
      id: randomId("re_"),
      object: "refund",
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: asRecord(params.metadata),
      payment_intent: intent.id,
      reason: params.reason ?? null,
      status: "succeeded",
      transfer_reversal: params.reverse_transfer === "true" ? randomId("trr_") : null,
      _application_fee_refunded: feeRefunded,
    };
    refunds.set(refund.id, refund);
    const { _feeRefunded, ...chargeView } = charge;
    void emit("charge.refunded", chargeView as Obj);
    return refundView(refund);
  }

  function refundView(refund: Obj): Obj {
    const { _application_fee_refunded, ...view } = refund;
    return view as Obj;
  }

  function requireRefund(id: string): Obj {
    const refund = refunds.get(id);
    if (!refund)
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "id",
        message: `No such refund: '${id}'`,
      });
    return refund;
  }

  /**
   * GET /v1/refunds: newest first, filtered by `payment_intent` or `charge`, paged with `limit` and `starting_after`.
   */
  function listRefunds(params: Record<string, unknown>) {
    const limit = params.limit === undefined ? 10 : asInt(params.limit, "limit");
    if (limit < 1 || limit > 100)
      throw invalid("This value must be greater than or equal to 1 and less than or equal to 100.", "limit");
    const list = [...refunds.values()]
      .filter((refund) => params.payment_intent === undefined || refund.payment_intent === params.payment_intent)
      .filter((refund) => params.charge === undefined || refund.charge === params.charge)
      .reverse();
    let start = 0;
    if (params.starting_after !== undefined) {
      start = list.findIndex((refund) => refund.id === params.starting_after) + 1;
      if (start === 0)
        throw invalid(`No such refund: '${String(params.starting_after)}'`, "starting_after", "resource_missing");
    }
    return {
      object: "list",
      data: list.slice(start, start + limit).map(refundView),
      has_more: start + limit < list.length,
      url: "/v1/refunds",
    };
  }

  function createAccount(params: Record<string, unknown>): Obj {
    const controller = asRecord(params.controller);
    if (!params.type && !controller.stripe_dashboard)
      throw invalid(
        "You must provide either `type` or `controller` when creating an account.",
        "type",
        "parameter_missing",
      );
    const capabilities = asRecord(params.capabilities);
    const account: Obj = {
      id: randomId("acct_1", 15),
      object: "account",
      business_type: null,
      capabilities: Object.fromEntries(Object.keys(capabilities).map((name) => [name, "inactive"])),
      charges_enabled: false,
      controller: { type: "application", is_controller: true, ...controller },
      country: params.country ?? "US",
      created: now(),
      default_currency: "usd",
      details_submitted: false,
      email: params.email ?? null,
      metadata: asRecord(params.metadata),
      payouts_enabled: false,
      requirements: {
        currently_due: ["business_type", "external_account", "tos_acceptance.date"],
        disabled_reason: "requirements.past_due",
      },
      type: params.type ?? "none",
    };
    accounts.set(account.id, account);
    return account;
  }

  async function completeOnboarding(accountId: string) {
    const account = requireAccount(accountId);
    Object.assign(account, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: Object.fromEntries(Object.keys(asRecord(account.capabilities)).map((name) => [name, "active"])),
      requirements: { currently_due: [], disabled_reason: null },
    });
    await emit("account.updated", account, account.id);
  }

  async function openDispute(paymentIntentId: string) {
    const intent = paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
    const dispute: Obj = {
      id: randomId("dp_"),
      object: "dispute",
      amount: intent.amount,
      charge: intent.latest_charge,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: "fraudulent",
      status: "needs_response",
      created: now(),
    };
    disputes.set(dispute.id, dispute);
    await emit("charge.dispute.created", dispute);
    return dispute.id;
  }

  async function closeDispute(disputeId: string, status: "won" | "lost") {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = status;
    await emit("charge.dispute.closed", dispute);
  }

  /** The account a request acts on: its Stripe-Account header (the platform's own when absent). */
  function actingAccount(stripeAccount: string | undefined): string | null {
    if (stripeAccount === undefined) return null;
    if (!accounts.has(stripeAccount)) {
      throw new StripeApiError(403, {
        type: "invalid_request_error",
        code: "account_invalid",
        message: `The provided key '${secretKey.slice(0, 8)}${"*".repeat(Math.max(0, secretKey.length - 12))}${secretKey.slice(-4)}' does not have access to account '${stripeAccount}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    return stripeAccount;
  }

  function balanceOf(account: string | null) {
    const set = (account && balances.get(account)) || {
      available: [{ amount: 0, currency: "usd" }],
      pending: [{ amount: 0, currency: "usd" }],
    };
    const amounts = (list: { amount: number; currency: string }[]) =>
      list.map((entry) => ({ amount: entry.amount, currency: entry.currency, source_types: { card: entry.amount } }));
    return {
      object: "balance",
      available: amounts(set.available),
      connect_reserved: set.available.map((entry) => ({ amount: 0, currency: entry.currency })),
      livemode: false,
      pending: amounts(set.pending),
    };
  }

  function listPayouts(account: string | null, params: Record<string, unknown>) {
    const limit = params.limit === undefined ? 10 : asInt(params.limit, "limit");
    if (limit < 1 || limit > 100)
      throw invalid("This value must be greater than or equal to 1 and less than or equal to 100.", "limit");
    if (params.starting_after !== undefined && params.ending_before !== undefined) {
      throw invalid("You may only specify one of these parameters: ending_before, starting_after.", "starting_after");
    }
    let list = (account ? payouts.get(account) : undefined) ?? [];
    if (typeof params.status === "string") list = list.filter((payout) => payout.status === params.status);
    let start = 0;
    if (params.starting_after !== undefined) {
      const at = list.findIndex((payout) => payout.id === params.starting_after);
      if (at < 0) {
        throw new StripeApiError(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "starting_after",
          message: `No such payout: '${String(params.starting_after)}'`,
        });
      }
      start = at + 1;
    }
    const data = list.slice(start, start + limit);
    return { object: "list", data, has_more: start + limit < list.length, url: "/v1/payouts" };
  }

  const billing = stripeBilling(
    {
      origin: () => origin,
      sign,
      randomId,
      invalid,
      missing,
      cardError: (decline) => new StripeApiError(402, { type: "card_error", ...decline }),
      declineOf: (card) => DECLINES[card],
    },
    { webhookSecret: options.billingWebhookSecret ?? `whsec_${randomBytes(16).toString("hex")}` },
  );

  async function api(
    method: string,
    path: string,
    params: Record<string, unknown>,
    stripeAccount?: string,
  ): Promise<{ status: number; body: unknown }> {
    const billed = await billing.api(method, path, params);
    if (billed) return billed;
    if (method === "GET" && path === "/v1/balance")
      return { status: 200, body: balanceOf(actingAccount(stripeAccount)) };
    if (method === "GET" && path === "/v1/payouts")
      return { status: 200, body: listPayouts(actingAccount(stripeAccount), params) };
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    const accountPath = path.match(/^\/v1\/accounts\/([^/]+)$/);
    if (method === "POST" && path === "/v1/checkout/sessions")
      return { status: 200, body: sessionView(createSession(params), expand) };
    if (method === "GET" && sessionPath) {
      const match = sessionPath;
      const session = sessions.get(match[1]!);
      if (!session)
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "session",
          message: `No such checkout.session: '${match[1]}'`,
        });
      return { status: 200, body: sessionView(session, expand) };
    }
    const intentPath = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === "GET" && intentPath) {
      const intent = paymentIntents.get(intentPath[1]!);
      if (!intent)
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "intent",
          message: `No such payment_intent: '${intentPath[1]}'`,
        });
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/payment_intents") return { status: 200, body: createIntent(params) };
    const intentCancel = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (method === "POST" && intentCancel) return { status: 200, body: cancelIntent(requireIntent(intentCancel[1]!)) };
    if (method === "POST" && path === "/v1/terminal/readers") return { status: 200, body: createReader(params) };
    if (method === "GET" && path === "/v1/terminal/readers") {
      const data = [...readers.values()].reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/terminal/readers" } };
    }
    const readerPath = path.match(/^\/v1\/(test_helpers\/)?terminal\/readers\/([^/]+)(?:\/([a-z_]+))?$/);
    if (readerPath) {
      const [, helper, id, verb] = readerPath;
      const reader = requireReader(id!);
      if (method === "GET" && !helper && !verb) return { status: 200, body: reader };
      if (method === "POST" && !helper && verb === "process_payment_intent")
        return { status: 200, body: processPaymentIntent(reader, params) };
      if (method === "POST" && !helper && verb === "cancel_action") return { status: 200, body: cancelAction(reader) };
      if (method === "POST" && helper && verb === "present_payment_method")
        return { status: 200, body: await presentPaymentMethod(reader, params) };
    }
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(params) };
    if (method === "GET" && path === "/v1/refunds") return { status: 200, body: listRefunds(params) };
    const refundPath = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (method === "GET" && refundPath) return { status: 200, body: refundView(requireRefund(refundPath[1]!)) };
    if (method === "POST" && path === "/v1/accounts") return { status: 200, body: createAccount(params) };
    if (method === "GET" && accountPath) return { status: 200, body: requireAccount(accountPath[1]!) };
    if (method === "POST" && path === "/v1/account_links") {
      const account = requireAccount(String(params.account ?? ""));
      if (params.type !== "account_onboarding" && params.type !== "account_update")
        throw invalid("Invalid type.", "type");
      for (const url of ["return_url", "refresh_url"] as const) {
        if (typeof params[url] !== "string" || !/^https?:\/\//.test(params[url] as string))
          throw invalid("Not a valid URL", url, "url_invalid");
      }
      const linkId = randomBytes(16).toString("hex");
      const expiresAt = now() + 300;
      accountLinks.set(linkId, {
        account: account.id,
        return_url: params.return_url as string,
        refresh_url: params.refresh_url as string,
        expires_at: expiresAt,
        used: false,
      });
      return {
        status: 200,
        body: {
          object: "account_link",
          created: now(),
          expires_at: expiresAt,
          url: `${origin}/setup/e/${account.id}/${linkId}`,
        },
      };
    }
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head><body><main>${body}</main></body></html>`,
    );
  }

  async function page(req: IncomingMessage, res: ServerResponse, url: URL, form: URLSearchParams): Promise<boolean> {
    const billed = await billing.page(req.method ?? "GET", url.pathname, form);
    if (billed?.location) {
      res.writeHead(billed.status, { location: billed.location }).end();
      return true;
    }
    if (billed) {
      html(res, billed.status, billed.html ?? "");
      return true;
    }
    const payPath = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
    const setupPath = url.pathname.match(/^\/setup\/e\/([^/]+)\/([^/]+)$/);
    if (payPath) {
      const match = payPath;
      const session = sessions.get(match[1]!);
      if (!session) {
        html(res, 404, "<h1>Something went wrong</h1>");
        return true;
      }
      if (req.method === "POST") {
        if (form.get("action") === "cancel") {
          res.writeHead(303, { location: String(session.cancel_url) }).end();
          return true;
        }
        const { paid } = await completeCheckout(session.id, { card: form.get("card") ?? "" });
        if (paid) {
          res
            .writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) })
            .end();
          return true;
        }
      }
      const intent =
        typeof session.payment_intent === "string" ? paymentIntents.get(session.payment_intent) : undefined;
      const error = asRecord(intent?.last_payment_error).message;
      html(
        res,
        200,
        `<h1>Pay ${String(session._product)}</h1><p>${(session.amount_total as number) / 100} ${String(session.currency).toUpperCase()}</p>${error ? `<p role="alert">${String(error)}</p>` : ""}
<form method="post"><label for="card">Card number</label><input id="card" name="card" autocomplete="cc-number"><button type="submit">Pay</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Back</button></form>`,
      );
      return true;
    }
    if (setupPath) {
      const match = setupPath;
      const link = accountLinks.get(match[2]!);
      if (!link || link.account !== match[1]) {
        html(res, 404, "<h1>This link is not valid</h1>");
        return true;
      }
      if (link.used || link.expires_at < now()) {
        res.writeHead(303, { location: link.refresh_url }).end();
        return true;
      }
      if (req.method === "POST") {
        link.used = true;
        if (form.get("action") === "submit") await completeOnboarding(link.account);
        res.writeHead(303, { location: link.return_url }).end();
        return true;
      }
      html(
        res,
        200,
        `<h1>Set up payments with Stripe</h1><p>Account ${link.account}</p>
<form method="post"><input type="hidden" name="action" value="submit"><button type="submit">Agree and submit</button></form>
<form method="post"><input type="hidden" name="action" value="later"><button type="submit">Return without finishing</button></form>`,
      );
      return true;
    }
    return false;
  }

  const dropsAnswer = (method: string, path: string) =>
    standIn.dropRefundAnswers && method === "POST" && path === "/v1/refunds";

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", origin);
    try {
      if (!url.pathname.startsWith("/v1/")) {
        if (await page(req, res, url, new URLSearchParams(text))) return;
        return html(res, 404, "<h1>Not found</h1>");
      }
      const auth = req.headers.authorization ?? "";
      if (auth !== `Bearer ${secretKey}`) {
        const shown = auth.replace(/^Bearer\s+/, "");
        throw new StripeApiError(401, {
          type: "invalid_request_error",
          message: shown
            ? `Invalid API Key provided: ${shown.slice(0, 8)}${"*".repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`
            : "You did not provide an API key.",
        });
      }
      const method = req.method ?? "GET";
      const params =
        method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
      const idempotencyKey =
        typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
      const stripeVersion =
        typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : undefined;
      const stripeAccount =
        typeof req.headers["stripe-account"] === "string" ? req.headers["stripe-account"] : undefined;
      requests.push({
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        stripeVersion,
        ...(stripeAccount ? { stripeAccount } : {}),
      });
      if (standIn.outage) throw new StripeApiError(500, { type: "api_error", message: "An unknown error occurred" });
      const fingerprint = `${method} ${url.pathname} ${text}`;
      if (idempotencyKey && method === "POST") {
        const earlier = idempotent.get(idempotencyKey);
        if (earlier) {
          if (earlier.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          if (dropsAnswer(method, url.pathname)) return req.socket.destroy();
          res.writeHead(earlier.status, {
            "content-type": "application/json",
            "idempotent-replayed": "true",
            "request-id": randomId("req_", 14),
          });
          return res.end(earlier.body);
        }
      }
      const { status, body } = await api(method, url.pathname, params, stripeAccount);
      const json = JSON.stringify(body);
      if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { fingerprint, status, body: json });
      if (dropsAnswer(method, url.pathname)) return req.socket.destroy();
      res.writeHead(status, { "content-type": "application/json", "request-id": randomId("req_", 14) });
      res.end(json);
    } catch (error) {
      const failure =
        error instanceof StripeApiError
          ? error
          : new StripeApiError(500, { type: "api_error", message: String(error) });
      res.writeHead(failure.status, { "content-type": "application/json", "request-id": randomId("req_", 14) });
      res.end(JSON.stringify({ error: failure.body }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    origin,
    secretKey,
    webhookSecret,
    requests,
    deliveries,
    webhookUrl: options.webhookUrl,
    sessions,
    paymentIntents,
    charges,
    refunds,
    accounts,
    readers,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: origin,
    },
    billing: billing.standIn,
    completeCheckout,
    expireCheckout,
    completeOnboarding,
    openDispute,
    closeDispute,
    setBalance(accountId, balance) {
      requireAccount(accountId);
      balances.set(accountId, structuredClone(balance));
    },
    addPayout(accountId, payout) {
      requireAccount(accountId);
      const created = payout.created ?? new Date();
      const object: Obj = {
        id: randomId("po_"),
        object: "payout",
        amount: payout.amount,
        arrival_date: Math.floor(payout.arrivalDate.getTime() / 1000),
        automatic: true,
        balance_transaction: randomId("txn_"),
        created: Math.floor(created.getTime() / 1000),
        currency: payout.currency,
        description: "STRIPE PAYOUT",
        destination: randomId("ba_"),
        failure_code: payout.status === "failed" ? "account_closed" : null,
        failure_message: payout.status === "failed" ? "The bank account has been closed." : null,
        livemode: false,
        metadata: {},
        method: "standard",
        source_type: "card",
        statement_descriptor: null,
        status: payout.status,
        type: "bank_account",
      };
      const list = payouts.get(accountId) ?? [];
      list.push(object);
      // Newest first, as Stripe lists them.
      list.sort((a, b) => (b.created as number) - (a.created as number));
      payouts.set(accountId, list);
      return object.id;
    },
    outage: false,
    dropRefundAnswers: false,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
