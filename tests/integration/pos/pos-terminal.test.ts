import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import type { PaymentProvider } from "~/domains/payments/server/payment-provider.server";
import { createStripeProvider } from "~/domains/payments/server/stripe-provider.server";
import { createTestProvider } from "~/domains/payments/server/test-provider.server";
import { type PosSaleInput, posSaleSchema } from "~/flows/pos/schemas/pos-sale";
import { cancelPosPayment } from "~/flows/pos/server/cancel-pos-payment.server";
import { closeShift } from "~/flows/pos/server/close-shift.server";
import { connectCardReader } from "~/flows/pos/server/connect-card-reader.server";
import { createRegister } from "~/flows/pos/server/create-register.server";
import { openShift } from "~/flows/pos/server/open-shift.server";
import { posCardReader } from "~/flows/pos/server/pos-card-reader.server";
import { posPaymentQuery } from "~/flows/pos/server/pos-payment-query.server";
import { presentPosCard } from "~/flows/pos/server/present-pos-card.server";
import { recordPosSale } from "~/flows/pos/server/record-pos-sale.server";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// Counter card payments on a Stripe Terminal reader, server-driven, against the Stripe stand-in: a PaymentIntent for
// card_present handed to the register's reader, the buyer's tap simulated by Stripe's test helper, and the order
// settled only by the signed webhooks through the same intake as online payments. Split tenders ride on it.

const SECRET = "pos-terminal-secret-pos-terminal-secret-0123";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let stripe: StripeStandIn;
let provider: PaymentProvider;
let payments: Parameters<typeof posCardReader>[1];
let services: TestServices;
/** How many of the stand-in's deliveries were already handed to the webhook intake. */
let delivered = 0;

type Seller = { id: string; register: string; shop: string; mug: { product: string; variant: string } };

async function makeSeller(): Promise<Seller> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'S', ${`${id}@example.com`}, true)`,
  );
  const shop = await db.execute<{ id: string }>(sql`
    insert into stock_locations (user_id, kind, name) values (${id}, 'shop', 'Market') returning id`);
  const mug = await db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${id}, 'Mug', 'physical', 1250, 'USD', 'published') returning id`);
  const variant = await db.execute<{ id: string }>(sql`
    insert into product_variants (product_id, user_id, sku) values (${mug.rows[0]!.id}, ${id}, ${`MUG-${id}`}) returning id`);
  const register = await createRegister(db, id, { locationId: shop.rows[0]!.id, name: "Till 1" });
  if (!register.ok) throw new Error("no register");
  const mugIds = { product: mug.rows[0]!.id, variant: variant.rows[0]!.id };
  await recordStockMovements(db, id, id, [
    { variantId: mugIds.variant, locationId: shop.rows[0]!.id, kind: "received", quantity: 10 },
  ]);
  return { id, register: register.registerId, shop: shop.rows[0]!.id, mug: mugIds };
}

/** A seller whose register has Stripe's simulated reader connected, with an open shift. */
async function sellerWithReader(floatCents = 0): Promise<Seller & { shiftId: string }> {
  const seller = await makeSeller();
  const connected = await connectCardReader({ db, terminal: provider.terminal }, seller.id, {
    intent: "connect-reader",
    registerId: seller.register,
    registrationCode: "simulated-wpe",
    label: "Counter reader",
  });
  if (!connected.ok) throw new Error(connected.code);
  const opened = await openShift(db, seller.id, { registerId: seller.register, openingFloatCents: floatCents });
  if (!opened.ok) throw new Error(opened.code);
  return { ...seller, shiftId: opened.shiftId };
}

function sale(seller: Seller & { shiftId: string }, paymentsOf: PosSaleInput["payments"]) {
  return posSaleSchema.parse({
    deviceSaleId: randomUUID(),
    shiftId: seller.shiftId,
    soldAt: new Date().toISOString(),
    lines: [{ productId: seller.mug.product, variantId: seller.mug.variant, quantity: 2, unitPriceCents: 1250 }],
    payments: paymentsOf,
  });
}

async function startCard(seller: Seller & { shiftId: string }, paymentsOf: PosSaleInput["payments"]) {
  const reader = await posCardReader(db, payments, seller.id, { shiftId: seller.shiftId, method: "card" });
  const started = await recordPosSale({ ...services, reader }, seller.id, sale(seller, paymentsOf));
  if (!started.ok || !started.payment) throw new Error(started.ok ? "no payment" : started.code);
  return { ...started, payment: started.payment };
}

async function present(seller: Seller, orderId: string, card: string) {
  const reader = await posCardReader(db, payments, seller.id, { orderId });
  return presentPosCard({ db, reader }, seller.id, orderId, card);
}

/** Hands the stand-in's new signed deliveries to the webhook intake, as Stripe would POST them. */
async function deliverNew() {
  const fresh = stripe.deliveries.slice(delivered);
  delivered = stripe.deliveries.length;
  for (const delivery of fresh) {
    const body = Buffer.from(delivery.body);
    await receiveWebhook(services, "stripe", body, { "stripe-signature": delivery.headers["stripe-signature"] });
  }
  return fresh;
}

const status = async (orderId: string) =>
  (await db.execute<{ status: string }>(sql`select status from orders where id = ${orderId}::uuid`)).rows[0]?.status;
const stock = async (seller: Seller) =>
  (
    await db.execute<{ on_hand: number }>(sql`
      select on_hand from stock_levels where variant_id = ${seller.mug.variant} and location_id = ${seller.shop}`)
  ).rows[0]?.on_hand;
const paymentRows = async (orderId: string) =>
  (
    await db.execute(
      sql`select method, amount_cents, change_cents, status from order_payments where order_id = ${orderId}::uuid order by method`,
    )
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  services = makeTestServices(db, { authSecret: SECRET });
  stripe = await startStripeStandIn();
  provider = createStripeProvider(stripe.env)!;
  const test = createTestProvider({ db, authSecret: SECRET, logger: services.logger, deliver: async () => undefined });
  payments = { stripe: provider, test };
  services.payments = payments;
});
afterAll(async () => {
  await stripe?.close();
  await database?.drop();
});

describe("Stripe Terminal at the counter", () => {
  it("connects a reader by its registration code to the seller's own register only", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const terminal = { db, terminal: provider.terminal };
    const form = { intent: "connect-reader" as const, registerId: seller.register, label: "" };
    expect(await connectCardReader(terminal, seller.id, { ...form, registrationCode: "0000-not-a-code" })).toEqual({
      ok: false,
      code: "POS_READER_REFUSED",
      message: "This reader could not be connected: The registration code is invalid or has expired.",
    });
    expect(await connectCardReader(terminal, other.id, { ...form, registrationCode: "simulated-wpe" })).toMatchObject({
      code: "POS_REGISTER_NOT_FOUND",
    });
    expect(
      await connectCardReader({ db, terminal: undefined }, seller.id, { ...form, registrationCode: "simulated-wpe" }),
    ).toMatchObject({ code: "POS_READER_UNAVAILABLE" });
    const connected = await connectCardReader(terminal, seller.id, { ...form, registrationCode: "simulated-wpe" });
    if (!connected.ok || !connected.reader) throw new Error("not connected");
    expect(connected.reader).toMatchObject({ id: expect.stringMatching(/^tmr_/), label: "Till 1" });
    expect(stripe.readers.get(connected.reader.id)?.metadata).toEqual({ sellkit_user_id: seller.id });
    const row = await db.execute(
      sql`select card_reader_id, card_reader_label from registers where id = ${seller.register}::uuid`,
    );
    expect(row.rows).toEqual([{ card_reader_id: connected.reader.id, card_reader_label: "Till 1" }]);
    // Without a reader the register's cards go to the test provider's simulated reader.
    expect(
      await connectCardReader(terminal, seller.id, { intent: "disconnect-reader", registerId: seller.register }),
    ).toEqual({ ok: true, reader: null });
    const opened = await openShift(db, seller.id, { registerId: seller.register, openingFloatCents: 0 });
    if (!opened.ok) throw new Error(opened.code);
    expect(
      (await posCardReader(db, payments, seller.id, { shiftId: opened.shiftId, method: "card" }))?.providerId,
    ).toBe("test");
  });

  it("approves a tapped card through the signed webhooks, once when Stripe delivers them twice", async () => {
    const seller = await sellerWithReader();
    const started = await startCard(seller, [{ method: "card", amountCents: 2500 }]);
    expect(started.payment).toMatchObject({
      method: "card",
      sessionId: expect.stringMatching(/^pi_/),
      testCards: true,
    });
    const intent = stripe.paymentIntents.get(started.payment.sessionId)!;
    expect(intent).toMatchObject({
      amount: 2500,
      currency: "usd",
      capture_method: "automatic",
      payment_method_types: ["card_present"],
      metadata: { order_id: started.orderId },
    });
    const reader = [...stripe.readers.values()].find(
      (r) => r.metadata && JSON.stringify(r.metadata).includes(seller.id),
    );
    expect(reader?.action).toMatchObject({
      type: "process_payment_intent",
      status: "in_progress",
      process_payment_intent: { payment_intent: intent.id },
    });
    expect(await present(seller, started.orderId, "4242 4242 4242 4242")).toMatchObject({
      ok: true,
      payment: { status: "pending" },
    });
    // Nothing is sold until the webhooks arrive.
    expect(await status(started.orderId)).toBe("pending");
    const sent = await deliverNew();
    expect(sent.map((d) => d.event.type)).toEqual(["payment_intent.succeeded", "terminal.reader.action_succeeded"]);
    expect(await status(started.orderId)).toBe("paid");
    // Stripe retries a delivery: the same events again change nothing.
    for (const delivery of sent)
      expect(
        await receiveWebhook(services, "stripe", Buffer.from(delivery.body), {
          "stripe-signature": delivery.headers["stripe-signature"],
        }),
      ).toMatchObject({ ok: true, duplicate: true });
    const paid = await db.execute(
      sql`select cause from order_events where order_id = ${started.orderId}::uuid and to_status = 'paid'`,
    );
    expect(paid.rows).toHaveLength(1);
    expect(await stock(seller)).toBe(8);
    expect(await paymentRows(started.orderId)).toEqual([
      { method: "card", amount_cents: 2500, change_cents: 0, status: "approved" },
    ]);
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toMatchObject({ status: "paid" });
    // The reconciler reads a reader's payment from its PaymentIntent.
    expect(await provider.getStatus(intent.id)).toMatchObject({ state: "paid", amountCents: 2500 });
  });

  it("shows a declined card in plain words and takes another card on the same sale", async () => {
    const seller = await sellerWithReader();
    const started = await startCard(seller, [{ method: "card", amountCents: 2500 }]);
    expect(await present(seller, started.orderId, "4000000000000002")).toMatchObject({
      ok: true,
      payment: { status: "pending", message: "Your card was declined." },
    });
    expect((await deliverNew()).map((d) => d.event.type)).toEqual(["terminal.reader.action_failed"]);
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toEqual({
      status: "pending",
      message: "Your card was declined.",
      totalCents: 2500,
    });
    expect(await stock(seller)).toBe(10);
    await present(seller, started.orderId, "4242424242424242");
    await deliverNew();
    expect(await posPaymentQuery(db, seller.id, started.orderId)).toMatchObject({ status: "paid", message: "" });
  });

  it("cancels the reader's action and the PaymentIntent, so a late tap pays nothing", async () => {
    const seller = await sellerWithReader();
    const other = await makeSeller();
    const started = await startCard(seller, [{ method: "card", amountCents: 2500 }]);
    const otherReader = await posCardReader(db, payments, other.id, { orderId: started.orderId });
    expect(await cancelPosPayment({ ...services, reader: otherReader }, other.id, started.orderId)).toMatchObject({
      code: "POS_PAYMENT_NOT_FOUND",
    });
    const reader = await posCardReader(db, payments, seller.id, { orderId: started.orderId });
    expect(await cancelPosPayment({ ...services, reader }, seller.id, started.orderId)).toEqual({ ok: true });
    const cancels = stripe.requests.filter((r) => r.method === "POST" && r.path.endsWith("cancel_action"));
    expect(cancels.length).toBeGreaterThan(0);
    expect(stripe.paymentIntents.get(started.payment.sessionId)?.status).toBe("canceled");
    expect(await status(started.orderId)).toBe("expired");
    expect(await present(seller, started.orderId, "4242424242424242")).toMatchObject({
      code: "POS_PAYMENT_NOT_FOUND",
    });
    expect(await stock(seller)).toBe(10);
  });
});

describe("a reader disconnected during a payment", () => {
  it("refuses a card on it but still lets the seller give the sale up", async () => {
    const seller = await sellerWithReader();
    const started = await startCard(seller, [{ method: "card", amountCents: 2500 }]);
    await connectCardReader({ db, terminal: provider.terminal }, seller.id, {
      intent: "disconnect-reader",
      registerId: seller.register,
    });
    expect(await present(seller, started.orderId, "4242424242424242")).toMatchObject({
      code: "POS_CARD_UNAVAILABLE",
    });
    const reader = await posCardReader(db, payments, seller.id, { orderId: started.orderId });
    expect(reader).toBeNull();
    expect(await cancelPosPayment({ ...services, reader }, seller.id, started.orderId)).toEqual({ ok: true });
    expect(await status(started.orderId)).toBe("expired");
  });
});

describe("split tenders", () => {
  it("takes part cash with change and part card on the reader; the Z-report counts each part", async () => {
    const seller = await sellerWithReader(5000);
    const started = await startCard(seller, [
      { method: "cash", amountCents: 1000, tenderedCents: 2000 },
      { method: "card", amountCents: 1500 },
    ]);
    expect(started).toMatchObject({ totalCents: 2500, changeCents: 1000 });
    // The reader charges the card part only.
    expect(stripe.paymentIntents.get(started.payment.sessionId)?.amount).toBe(1500);
    await present(seller, started.orderId, "4242424242424242");
    await deliverNew();
    expect(await status(started.orderId)).toBe("paid");
    expect(await paymentRows(started.orderId)).toEqual([
      { method: "card", amount_cents: 1500, change_cents: 0, status: "approved" },
      { method: "cash", amount_cents: 1000, change_cents: 1000, status: "approved" },
    ]);
    const closed = await closeShift(db, seller.id, { shiftId: seller.shiftId, countedCashCents: 6000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({
      salesCount: 1,
      grossSalesCents: 2500,
      byMethod: { cash: { sales: 1000, count: 1 }, card: { sales: 1500, count: 1 } },
      expectedCashCents: 6000,
      overShortCents: 0,
    });
  });

  it("leaves no paid order and no cash counted when the card part is abandoned", async () => {
    const seller = await sellerWithReader(5000);
    const started = await startCard(seller, [
      { method: "cash", amountCents: 1000 },
      { method: "card", amountCents: 1500 },
    ]);
    const reader = await posCardReader(db, payments, seller.id, { orderId: started.orderId });
    await cancelPosPayment({ ...services, reader }, seller.id, started.orderId);
    expect(await status(started.orderId)).toBe("expired");
    expect((await paymentRows(started.orderId)).map((row) => row.status)).toEqual(["declined", "declined"]);
    expect(await stock(seller)).toBe(10);
    const closed = await closeShift(db, seller.id, { shiftId: seller.shiftId, countedCashCents: 5000 });
    if (!closed.ok) throw new Error(closed.code);
    expect(closed.report).toMatchObject({ salesCount: 0, byMethod: {}, expectedCashCents: 5000 });
  });

  it("refuses tenders that miss the server's total, two card parts, and change from a card", async () => {
    const seller = await sellerWithReader();
    const withReader = {
      ...services,
      reader: await posCardReader(db, payments, seller.id, { shiftId: seller.shiftId, method: "card" }),
    };
    const refused = async (paymentsOf: PosSaleInput["payments"]) =>
      recordPosSale(withReader, seller.id, sale(seller, paymentsOf));
    expect(
      await refused([
        { method: "cash", amountCents: 1000 },
        { method: "card", amountCents: 1000 },
      ]),
    ).toMatchObject({ code: "POS_PAYMENTS_MISMATCH" });
    expect(
      await refused([
        { method: "card", amountCents: 1000 },
        { method: "pay_on_phone", amountCents: 1500 },
      ]),
    ).toMatchObject({ code: "POS_CARD_NOT_SPLIT" });
    expect(
      await refused([
        { method: "cash", amountCents: 1000 },
        { method: "other", amountCents: 1500, tenderedCents: 2000, reference: "PeerPay" },
      ]),
    ).toMatchObject({ code: "POS_CHANGE_NOT_CASH" });
    const orders = await db.execute(sql`select id from orders where user_id = ${seller.id}`);
    expect(orders.rows).toEqual([]);
    expect(stripe.paymentIntents.size).toBeGreaterThan(0);
  });
});
