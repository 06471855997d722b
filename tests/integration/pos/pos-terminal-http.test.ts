import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, toastOf } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// The counter's Stripe Terminal path over HTTP, as the register's page drives it: the reader connected on the POS
// page, a split sale whose card part goes to the reader, and the stand-in's signed webhooks POSTed to
// /api/webhooks/stripe completing the sale.

let mail: MailCatcher;
let stripe: StripeStandIn;
let server: TestServer;
let ada: SignedInCreator;
let registerId: string;
let productId: string;

const json = (who: SignedInCreator, path: string, body?: unknown) =>
  server.request(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie: who.jar.header(), "x-forwarded-for": who.ip, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  mail = await startMailCatcher();
  stripe = await startStripeStandIn();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", ...stripe.env });
  stripe.webhookUrl = `${server.origin}/api/webhooks/stripe`;
  ada = await createSignedInCreator(server, { firstName: "Ada" });
  const product = await server.db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${ada.id}, 'Field Guide', 'ebook', 2500, 'USD', 'published') returning id`);
  productId = product.rows[0]!.id;
  // The first visit makes the seller's first register.
  expect((await json(ada, "/tools/pos")).status).toBe(200);
  const register = await server.db.execute<{ id: string }>(sql`select id from registers where user_id = ${ada.id}`);
  registerId = register.rows[0]!.id;
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await mail?.stop();
});

describe("Stripe Terminal on the POS page", () => {
  it("connects the simulated reader by its code, and says why a wrong code is refused", async () => {
    const form = { intent: "connect-reader", registerId, label: "Counter" };
    const refused = await postForm(server, "/tools/pos", { ...form, registrationCode: "bad-code" }, ada);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "This reader could not be connected: The registration code is invalid or has expired.",
    );
    const connected = await postForm(server, "/tools/pos", { ...form, registrationCode: "simulated-wpe" }, ada);
    expect(connected.status).toBe(302);
    expect(toastOf(connected)).toMatchObject({ title: "Card reader Counter connected" });
    // The settings render once the page is interactive (a chunk of their own): the page's data names the reader.
    const data = await (await json(ada, "/tools/pos.data")).text();
    expect(data).toMatch(/"cardReaderLabel","Counter"/);
  });

  it("takes a split sale's card part on the reader; the signed webhooks complete the sale", async () => {
    const opened = await postForm(server, "/tools/pos", { intent: "open-shift", registerId, openingFloat: "0" }, ada);
    expect(opened.status).toBe(302);
    const shift = await server.db.execute<{ id: string }>(
      sql`select id from shifts where register_id = ${registerId}::uuid and closed_at is null`,
    );
    const sale = await json(ada, "/api/pos/sales", {
      deviceSaleId: randomUUID(),
      shiftId: shift.rows[0]!.id,
      soldAt: new Date().toISOString(),
      lines: [{ productId, quantity: 1, unitPriceCents: 2500 }],
      payments: [
        { method: "cash", amountCents: 1000, tenderedCents: 2000 },
        { method: "card", amountCents: 1500 },
      ],
    });
    expect(sale.status).toBe(200);
    const started = (await sale.json()) as { orderId: string; changeCents: number; payment: Record<string, unknown> };
    expect(started).toMatchObject({
      changeCents: 1000,
      payment: { method: "card", amountCents: 1500, testCards: true, sessionId: expect.stringMatching(/^pi_/) },
    });
    const declined = await json(ada, `/api/pos/payments/${started.orderId}`, {
      intent: "present",
      cardNumber: "4000 0000 0000 0002",
    });
    expect(await declined.json()).toMatchObject({
      payment: { status: "pending", message: "Your card was declined." },
    });
    const approved = await json(ada, `/api/pos/payments/${started.orderId}`, {
      intent: "present",
      cardNumber: "4242 4242 4242 4242",
    });
    expect(await approved.json()).toMatchObject({ payment: { status: "paid", totalCents: 2500 } });
    const stored = await server.db.execute(sql`
      select type, processed_at is not null as processed from webhook_events
      where payload->'data'->'object'->>'id' = ${String(started.payment.sessionId)}`);
    expect(stored.rows).toEqual([{ type: "payment_intent.succeeded", processed: true }]);
  });
});
