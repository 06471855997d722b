import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import type { OrderStatus } from "~/domains/orders/order-status";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import type { PaymentProvider, RefundRequest, RefundResult } from "~/domains/payments/server/payment-provider.server";
import { insertOrder } from "../../support/order-rows";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// The seller's refunds against a real PostgreSQL: partial then full refunds, a refund beyond what is
// left refused, another seller's order refused, a provider's refusal recording nothing, a provider not configured
// here refused, and the order_events row and the order_refunded security event written with each refund.
//
// The provider: engineer A's test provider (test-provider.server.ts) had not landed on main when this was written,
// so the provider below is a minimal object implementing the PaymentProvider interface, used for the refund call
// only (its other methods are never reached by refundOrder and say so if they are). It records each request and
// answers as the test sets it (accepted, or refused with the provider's words).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;
let seller: string;
let otherSeller: string;

const requests: RefundRequest[] = [];
let nextAnswer: (request: RefundRequest) => RefundResult = (request) => ({
  refundId: `re_${request.idempotencyKey}`,
  status: "succeeded",
});

const notUsed = (method: string) => () => Promise.reject(new Error(`${method} is not used by refunds`));
const provider: PaymentProvider = {
  id: "test",
  createCheckout: notUsed("createCheckout"),
  getStatus: notUsed("getStatus"),
  verifyWebhook: notUsed("verifyWebhook"),
  async refund(request) {
    requests.push(request);
    return nextAnswer(request);
  },
};

const META = { ipAddress: "203.0.113.7", userAgent: "vitest" };

async function makeSeller(): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Seller', ${`${id}@example.com`}, true)`,
  );
  return id;
}

/** A paid order of 10.00 USD with an 8% fee (0.80), as the checkout and the payment webhook leave it. */
async function paidOrder(userId: string, overrides: { provider?: string; status?: string } = {}): Promise<string> {
  const id = randomUUID();
  await insertOrder(db, {
    id,
    userId,
    status: (overrides.status ?? "paid") as OrderStatus,
    subtotalCents: 1000,
    discountCents: 0,
    amountCents: 1000,
    platformFeeCents: 80,
    provider: overrides.provider ?? "test",
    providerCheckoutId: `cs_${id}`,
    providerPaymentId: `pay_${id}`,
    paidAt: new Date(),
  });
  return id;
}

const orderRow = async (id: string) =>
  (
    await db.execute<{ status: string; refunded_cents: number; refunded_at: Date | null }>(
      sql`select status, refunded_cents, refunded_at from orders where id = ${id}::uuid`,
    )
  ).rows[0]!;
const refundRows = async (orderId: string) =>
  (
    await db.execute<{
      id: string;
      amount_cents: number;
      fee_refunded_cents: number;
      status: string;
      provider_refund_id: string | null;
    }>(
      sql`select id, amount_cents, fee_refunded_cents, status, provider_refund_id from refunds where order_id = ${orderId}::uuid order by created_at`,
    )
  ).rows;
const orderEvents = async (orderId: string) =>
  (
    await db.execute<{ from_status: string; to_status: string; cause: string; details: Record<string, unknown> }>(
      sql`select from_status, to_status, cause, details from order_events where order_id = ${orderId}::uuid order by created_at`,
    )
  ).rows;
const refundEvents = async (userId: string) =>
  (
    await db.execute<{
      event_category: string;
      severity: string;
      ip_address: string | null;
      details: Record<string, unknown>;
    }>(
      sql`select event_category, severity, ip_address, details from security_audit where user_id = ${userId} and event_type = 'order_refunded' order by created_at`,
    )
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  services = makeTestServices(db, { payments: { test: provider } });
  seller = await makeSeller();
  otherSeller = await makeSeller();
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.drop();
});
beforeEach(() => {
  requests.length = 0;
  nextAnswer = (request) => ({ refundId: `re_${request.idempotencyKey}`, status: "succeeded" });
});

describe("refunding an order", () => {
  it("a partial refund, then one beyond what is left refused, then the rest: the order ends refunded", async () => {
    const orderId = await paidOrder(seller);

    const partial = await refundOrder(services, seller, orderId, 300, META);
    expect(partial).toMatchObject({ ok: true, amountCents: 300, currency: "USD", refundedCents: 300, full: false });
    const [first] = await refundRows(orderId);
    expect(first).toMatchObject({
      amount_cents: 300,
      fee_refunded_cents: 24,
      status: "succeeded",
      provider_refund_id: `re_${first!.id}`,
    });
    expect(requests).toEqual([
      {
        paymentId: `pay_${orderId}`,
        amountCents: 300,
        currency: "USD",
        feeRefundCents: 24,
        sellerAccountId: null,
        idempotencyKey: first!.id,
      },
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 300, refunded_at: null });
    expect(await orderEvents(orderId)).toEqual([
      { from_status: "paid", to_status: "paid", cause: "seller_refund", details: { refundedCents: 300 } },
    ]);

    const tooMuch = await refundOrder(services, seller, orderId, 701, META);
    expect(tooMuch).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_TOO_HIGH",
      message: "You can refund at most $7.00, what is left of the order's amount.",
    });
    expect(requests).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);

    const rest = await refundOrder(services, seller, orderId, 700, META);
    expect(rest).toMatchObject({ ok: true, amountCents: 700, refundedCents: 1000, full: true });
    expect(
      (await refundRows(orderId)).map((refund) => [refund.amount_cents, refund.fee_refunded_cents, refund.status]),
    ).toEqual([
      [300, 24, "succeeded"],
      [700, 56, "succeeded"],
    ]);
    const after = await orderRow(orderId);
    expect(after).toMatchObject({ status: "refunded", refunded_cents: 1000 });
    expect(after.refunded_at).not.toBeNull();
    expect((await orderEvents(orderId)).map((event) => [event.from_status, event.to_status, event.cause])).toEqual([
      ["paid", "paid", "seller_refund"],
      ["paid", "refunded", "seller_refund"],
    ]);

    const events = await refundEvents(seller);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ event_category: "payment", ip_address: "203.0.113.7" });
    expect(events[0]!.details).toMatchObject({
      orderId,
      amountCents: 300,
      feeRefundCents: 24,
      currency: "USD",
      refundedCents: 300,
      full: false,
      provider: "test",
    });
    expect(events[1]!.details).toMatchObject({ orderId, amountCents: 700, refundedCents: 1000, full: true });

    // Nothing is left: a refunded order cannot be refunded again.
    expect(await refundOrder(services, seller, orderId, 1, META)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_REFUNDABLE",
    });
    expect(requests).toHaveLength(2);
  });

  it("refuses another seller's order as not found, and asks no provider", async () => {
    const orderId = await paidOrder(seller);
    expect(await refundOrder(services, otherSeller, orderId, 100, META)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    expect(await refundOrder(services, seller, randomUUID(), 100, META)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    expect(requests).toHaveLength(0);
    expect(await refundRows(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect(await refundEvents(otherSeller)).toHaveLength(0);
  });

  it("a provider's refusal is reported in its words, and nothing is recorded as refunded", async () => {
    const orderId = await paidOrder(seller);
    const eventsBefore = (await refundEvents(seller)).length;
    nextAnswer = () => ({
      status: "failed",
      failure: { code: "charge_already_refunded", message: "This charge has already been refunded." },
    });
    const refused = await refundOrder(services, seller, orderId, 1000, META);
    expect(refused).toMatchObject({
      ok: false,
      code: "REFUND_PROVIDER_FAILED",
      message: "The payment provider refused the refund: This charge has already been refunded. Nothing was refunded.",
    });
    expect((await refundRows(orderId)).map((refund) => refund.status)).toEqual(["failed"]);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect(await orderEvents(orderId)).toEqual([]);
    expect(await refundEvents(seller)).toHaveLength(eventsBefore);

    // A provider that cannot be reached: the same, and the whole amount can still be refunded afterwards.
    nextAnswer = () => {
      throw new Error("connect ECONNREFUSED");
    };
    expect(await refundOrder(services, seller, orderId, 1000, META)).toMatchObject({
      ok: false,
      code: "REFUND_FAILED",
    });
    nextAnswer = (request) => ({ refundId: `re_${request.idempotencyKey}`, status: "pending" });
    expect(await refundOrder(services, seller, orderId, 1000, META)).toMatchObject({ ok: true, full: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refunded_cents: 1000 });
  });

  it("refuses orders of a provider not configured on this server, unpaid orders and amounts below one cent", async () => {
    const stripeOrder = await paidOrder(seller, { provider: "stripe" });
    expect(await refundOrder(services, seller, stripeOrder, 100, META)).toMatchObject({
      ok: false,
      code: "REFUND_PROVIDER_UNAVAILABLE",
    });
    expect(await refundRows(stripeOrder)).toHaveLength(0);
    const pending = await paidOrder(seller, { status: "pending" });
    expect(await refundOrder(services, seller, pending, 100, META)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_REFUNDABLE",
    });
    const paid = await paidOrder(seller);
    expect(await refundOrder(services, seller, paid, 0, META)).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_INVALID",
    });
    expect(await refundOrder(services, seller, paid, 1.5, META)).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_INVALID",
    });
    expect(requests).toHaveLength(0);
  });

  it("two refunds at once never refund more than the order's amount", async () => {
    const orderId = await paidOrder(seller);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    nextAnswer = (request) => ({ refundId: `re_${request.idempotencyKey}`, status: "succeeded" });
    const slowProvider: PaymentProvider = {
      ...provider,
      async refund(request) {
        requests.push(request);
        await held;
        return nextAnswer(request);
      },
    };
    const slow = { ...services, payments: { test: slowProvider } };
    const first = refundOrder(slow, seller, orderId, 600, META);
    // The first refund waits for its provider: what it holds back cannot be refunded twice.
    await expect.poll(() => requests.length).toBe(1);
    expect(await refundOrder(slow, seller, orderId, 600, META)).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_TOO_HIGH",
    });
    release();
    expect(await first).toMatchObject({ ok: true, refundedCents: 600 });
    expect(await refundOrder(services, seller, orderId, 400, META)).toMatchObject({
      ok: true,
      refundedCents: 1000,
      full: true,
    });
  });
});
