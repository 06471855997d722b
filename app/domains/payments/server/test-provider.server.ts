import { WebhookVerificationError } from "~/server/http/webhook-verification-error.server";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { outsideTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { TEST_CARD_FAILURES, type TestCardFailureCode, testCardOutcome } from "~/domains/payments/test-cards";
import type { Logger } from "~/server/logger.server";
import type {
  CheckoutRequest,
  HostedCheckout,
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
  ProviderId,
  RefundRequest,
  RefundResult,
  VerifiedWebhook,
} from "./payment-provider.server";
import {
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  testWebhookKey,
  verifyTestSignature,
} from "./test-webhook-signature.server";

// The built-in test provider: a provider like Stripe, with its own table and TEST MODE hosted page. Every outcome
// and refund reaches the app as a signed webhook through the same intake as the HTTP endpoint: no shortcut.

/** Hands a signed delivery to the app's webhook intake, the verb POST /api/webhooks/:provider calls. */
export type DeliverWebhook = (
  providerId: ProviderId,
  rawBody: Buffer,
  headers: Record<string, string>,
) => Promise<void>;

/** What the TEST MODE page shows of a checkout. */
export type TestCheckout = {
  id: string;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** open, requires_action (the extra confirmation step), paid, expired. */
  status: "open" | "requires_action" | "paid" | "expired";
  lastError: string | null;
  expiresAt: Date;
};

/** The outcome of the buyer's card on the TEST MODE page. */
export type TestPaymentOutcome =
  | { outcome: "paid"; successUrl: string }
  | { outcome: "requires_action" }
  | { outcome: "declined"; code: TestCardFailureCode; message: string }
  /** Not open any more (paid in another tab, or expired): the page shows its state. */
  | { outcome: "closed"; checkout: TestCheckout | null };

export type TestProvider = PaymentProvider & {
  readonly id: "test";
  /** The checkout as its TEST MODE page shows it; an open checkout past its time is expired first (and reported). */
  findCheckout(id: string): Promise<TestCheckout | null>;
  /** The buyer's card (validated by the page's schema): pays, declines, or asks for the extra confirmation step. */
  submitCard(id: string, cardNumber: string): Promise<TestPaymentOutcome>;
  /** The answer to the extra confirmation step (4000 0025 0000 3155): complete → paid, fail → declined. */
  authenticate(id: string, complete: boolean): Promise<TestPaymentOutcome>;
  /** Closes an open checkout now, as Stripe's expire call does, and reports checkout.expired. */
  expire(id: string): Promise<void>;
};

type Row = {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  customer_email: string;
  reference: string;
  success_url: string;
  cancel_url: string;
  status: TestCheckout["status"];
  payment_id: string | null;
  last_error: string | null;
  refunded_cents: number;
  expires_at: string | Date;
};

function checkoutOf(row: Row): TestCheckout {
  return {
    id: row.id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    description: row.description,
    customerEmail: row.customer_email,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    status: row.status,
    lastError: row.last_error,
    expiresAt: new Date(row.expires_at),
  };
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A checkout id as the page's URL may carry it: nothing else is looked up. */
export function isTestCheckoutId(value: string): boolean {
  return /^tpc_[0-9a-f]{24}$/.test(value);
}

type TestEventBody = { id: string; type: string; created: number; data: Record<string, unknown> };

function eventsOf(body: TestEventBody): PaymentEvent[] {
  const d = body.data;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : Number.NaN);
  // Every event carries the checkout's reference, the app's order id: the order is found by it first.
  const order = text(d.reference) ? { orderId: text(d.reference) } : {};
  switch (body.type) {
    case "payment.succeeded":
      return [
        {
          type: body.type,
          checkoutId: text(d.checkoutId),
          paymentId: text(d.paymentId),
          amountCents: cents(d.amountCents),
          currency: text(d.currency),
          ...order,
        },
      ];
    case "payment.failed":
      return [
        {
          type: body.type,
          checkoutId: text(d.checkoutId),
          failure: { code: text(d.code), message: text(d.message) },
          ...order,
        },
      ];
    case "checkout.expired":
      return [{ type: body.type, checkoutId: text(d.checkoutId), ...order }];
    case "payment.refunded":
      return [{ type: body.type, paymentId: text(d.paymentId), refundedCents: cents(d.refundedCents), ...order }];
    default:
      return [];
  }
}

export function createTestProvider({
  db,
  authSecret,
  deliver,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  authSecret: string;
  deliver: DeliverWebhook;
  logger: Logger;
  now?: () => Date;
}): TestProvider {
  const key = testWebhookKey(authSecret);

  /**
   * Signs an event and hands it to the app; a failed delivery is logged, and the reconciler finds it as a lost webhook.
   */
  async function report(type: string, data: Record<string, unknown>): Promise<void> {
    const created = Math.floor(now().getTime() / 1000);
    const body = Buffer.from(JSON.stringify({ id: randomId("evt_test"), type, created, data } satisfies TestEventBody));
    try {
      await outsideTransaction(() =>
        deliver("test", body, {
          [TEST_SIGNATURE_HEADER]: signTestWebhook(key, body, created),
          "content-type": "application/json",
        }),
      );
    } catch (error) {
      logger.error(
        { err: error, type },
        "test provider: the webhook could not be delivered (the reconciler will ask for the status)",
      );
    }
  }

  async function read(id: string): Promise<Row | null> {
    if (!isTestCheckoutId(id)) return null;
    return (await db.execute<Row>(sql`select * from test_provider_checkouts where id = ${id}`)).rows[0] ?? null;
  }

  /** Closes an open checkout past its time (once: the conditional update) and reports checkout.expired. */
  async function expireIfDue(id: string): Promise<void> {
    const expired = (
      await db.execute<Row>(sql`
        update test_provider_checkouts set status = 'expired'
        where id = ${id} and status in ('open', 'requires_action') and expires_at <= ${now()}
        returning *`)
    ).rows[0];
    if (expired) await report("checkout.expired", { checkoutId: expired.id, reference: expired.reference });
  }

  async function pay(id: string, fromStatus: "open" | "requires_action"): Promise<TestPaymentOutcome> {
    const paymentId = randomId("tpp");
    const paid = (
      await db.execute<Row>(sql`
        update test_provider_checkouts set status = 'paid', payment_id = ${paymentId}, last_error = null
        where id = ${id} and status = ${fromStatus} and expires_at > ${now()}
        returning *`)
    ).rows[0];
    if (!paid) return { outcome: "closed", checkout: await findCheckout(id) };
    await report("payment.succeeded", {
      checkoutId: paid.id,
      paymentId,
      amountCents: Number(paid.amount_cents),
      currency: paid.currency,
      reference: paid.reference,
    });
    return { outcome: "paid", successUrl: paid.success_url };
  }

  async function decline(
    id: string,
    fromStatus: "open" | "requires_action",
    code: TestCardFailureCode,
  ): Promise<TestPaymentOutcome> {
    const message = TEST_CARD_FAILURES[code];
    // The checkout stays open: the buyer may try another card.
    const declined = (
      await db.execute<Row>(sql`
        update test_provider_checkouts set status = 'open', last_error = ${message}
        where id = ${id} and status = ${fromStatus} and expires_at > ${now()}
        returning *`)
    ).rows[0];
    if (!declined) return { outcome: "closed", checkout: await findCheckout(id) };
    await report("payment.failed", { checkoutId: declined.id, code, message, reference: declined.reference });
    return { outcome: "declined", code, message };
  }

  async function findCheckout(id: string): Promise<TestCheckout | null> {
    if (!isTestCheckoutId(id)) return null;
    await expireIfDue(id);
    const row = await read(id);
    return row ? checkoutOf(row) : null;
  }

  return {
    id: "test",

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      const id = randomId("tpc");
      await db.execute(sql`
        insert into test_provider_checkouts (id, amount_cents, currency, description, customer_email, reference,
          success_url, cancel_url, expires_at)
        values (${id}, ${request.amountCents}, ${request.currency}, ${request.description}, ${request.buyerEmail},
          ${request.orderId},
          ${request.successUrl}, ${request.cancelUrl}, ${request.expiresAt})`);
      const appUrl = new URL(request.successUrl).origin;
      return { checkoutId: id, redirectUrl: `${appUrl}/checkout/test/${id}` };
    },

    async getStatus(checkoutId: string): Promise<PaymentStatus> {
      if (!isTestCheckoutId(checkoutId)) return { state: "expired" };
      // Asked about a checkout past its time: it is closed now, and says so (as Stripe expires its sessions).
      await db.execute(sql`
        update test_provider_checkouts set status = 'expired'
        where id = ${checkoutId} and status in ('open', 'requires_action') and expires_at <= ${now()}`);
      const row = await read(checkoutId);
      if (!row || row.status === "expired") return { state: "expired" };
      if (row.status === "paid" && row.payment_id) {
        return {
          state: "paid",
          paymentId: row.payment_id,
          amountCents: Number(row.amount_cents),
          currency: row.currency,
        };
      }
      return { state: "open" };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const refunded = (
        await db.execute<Row>(sql`
          update test_provider_checkouts set refunded_cents = refunded_cents + ${request.amountCents}
          where payment_id = ${request.paymentId} and status = 'paid' and ${request.amountCents} > 0
            and refunded_cents + ${request.amountCents} <= amount_cents
          returning *`)
      ).rows[0];
      if (!refunded)
        return {
          status: "failed",
          failure: { code: "refund_failed", message: "This payment cannot be refunded by that amount." },
        };
      // Reported as a webhook like Stripe's charge.refunded: after this call, never inside the caller's transaction.
      void report("payment.refunded", {
        paymentId: request.paymentId,
        refundedCents: Number(refunded.refunded_cents),
        reference: refunded.reference,
      });
      return { refundId: randomId("tpr"), status: "succeeded" };
    },

    async verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VerifiedWebhook> {
      verifyTestSignature(key, rawBody, headers[TEST_SIGNATURE_HEADER], Math.floor(now().getTime() / 1000));
      let body: TestEventBody;
      try {
        body = JSON.parse(rawBody.toString("utf8")) as TestEventBody;
      } catch {
        throw new WebhookVerificationError("body is not JSON");
      }
      if (
        typeof body?.id !== "string" ||
        !body.id ||
        typeof body.type !== "string" ||
        typeof body.data !== "object" ||
        body.data === null
      ) {
        throw new WebhookVerificationError("not a test provider event");
      }
      return { eventId: body.id, type: body.type, payload: body, events: eventsOf(body) };
    },

    findCheckout,

    async submitCard(id: string, cardNumber: string): Promise<TestPaymentOutcome> {
      const checkout = await findCheckout(id);
      if (checkout?.status !== "open") return { outcome: "closed", checkout };
      const outcome = testCardOutcome(cardNumber);
      switch (outcome) {
        case "pay":
          return pay(id, "open");
        case "authenticate": {
          const moved = await db.execute(sql`
            update test_provider_checkouts set status = 'requires_action', last_error = null
            where id = ${id} and status = 'open' and expires_at > ${now()} returning id`);
          return moved.rows.length
            ? { outcome: "requires_action" }
            : { outcome: "closed", checkout: await findCheckout(id) };
        }
        case "decline":
          return decline(id, "open", "card_declined");
        case "insufficient_funds":
          return decline(id, "open", "insufficient_funds");
        default:
          // Like a hosted card form: a number no card has is the buyer's typo, not a payment attempt.
          return { outcome: "declined", code: "incorrect_number", message: TEST_CARD_FAILURES.incorrect_number };
      }
    },

    async expire(id: string): Promise<void> {
      if (!isTestCheckoutId(id)) return;
      const expired = (
        await db.execute<Row>(sql`
          update test_provider_checkouts set status = 'expired'
          where id = ${id} and status in ('open', 'requires_action') returning *`)
      ).rows[0];
      if (expired) await report("checkout.expired", { checkoutId: expired.id, reference: expired.reference });
    },

    async authenticate(id: string, complete: boolean): Promise<TestPaymentOutcome> {
      const checkout = await findCheckout(id);
      if (checkout?.status !== "requires_action") return { outcome: "closed", checkout };
      return complete ? pay(id, "requires_action") : decline(id, "requires_action", "authentication_failed");
    },
  };
}

/** The test provider among the configured ones, with its page's operations (null when it is off). */
export function testProviderOf(providers: Partial<Record<ProviderId, PaymentProvider>>): TestProvider | null {
  const provider = providers.test;
  return provider && "submitCard" in provider ? (provider as TestProvider) : null;
}
