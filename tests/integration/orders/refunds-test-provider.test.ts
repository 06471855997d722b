import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokedMessage } from "~/domains/delivery/content/delivery-rules";
import { refundOrder } from "~/flows/order-lifecycle/server/refund-order.server";
import {
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  testWebhookKey,
} from "~/domains/payments/server/test-webhook-signature.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { startTestServer, type TestServer } from "../../support/test-server";

// Through the real built-in test provider (tests/integration/orders/refunds.test.ts covers refundOrder's rules
// with a provider object of its own): a purchase paid on the TEST MODE page, refunded in part and then in full by
// the seller through refundOrder with the app's own `services.payments.test`. The provider raises its refunded total
// and reports each refund as a signed `payment.refunded` webhook through the same intake as every webhook; that
// later report must change nothing the seller's refund already recorded. After the full refund, the buyer's
// download page is revoked.

let mail: MailCatcher;
let server: TestServer;
let seller: Seller;

const META = { ipAddress: "203.0.113.9", userAgent: "vitest" };
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;

const orderRow = async (id: string) =>
  (
    await rows<{ status: string; refunded_cents: number }>(
      sql`select status, refunded_cents from orders where id = ${id}::uuid`,
    )
  )[0]!;
const orderEvents = async (id: string) =>
  rows<{ from_status: string; to_status: string; details: Record<string, unknown> }>(
    sql`select from_status, to_status, details from order_events where order_id = ${id}::uuid order by created_at, id`,
  );
const providerRefunded = async (checkoutId: string) =>
  Number(
    (
      await rows<{ refunded_cents: number }>(
        sql`select refunded_cents from test_provider_checkouts where id = ${checkoutId}`,
      )
    )[0]!.refunded_cents,
  );

/**
 * Waits until the test provider's `payment.refunded` reports (sent after its refund call returns) are all processed.
 */
async function refundWebhooksProcessed(count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stored = await rows<{ processed_at: string | null; error: string | null }>(
      sql`select processed_at, error from webhook_events where provider = 'test' and type = 'payment.refunded'`,
    );
    if (stored.length >= count && stored.every((row) => row.processed_at)) return stored;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} processed payment.refunded webhooks, have ${JSON.stringify(stored)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSeller(server.db, { priceCents: 1250 });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("refunds through the test provider", () => {
  it("a partial then a full refund of a test-provider purchase: revoked downloads, and the provider's later webhooks change nothing", async () => {
    // The buyer pays 12.50 with 4242… on the TEST MODE page.
    const started = await postForm(
      server,
      `/s/${seller.handle}/${seller.slug}/buy`,
      { provider: "test", email: "refund-me@example.com" },
      { ip: "10.1.2.3" },
    );
    expect(started.status, await started.clone().text()).toBe(302);
    const testPagePath = new URL(started.headers.get("location")!).pathname;
    const checkoutId = testPagePath.split("/").pop()!;
    const paid = await postForm(
      server,
      testPagePath,
      { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Ada Buyer" },
      { ip: "10.1.2.3" },
    );
    expect(paid.status).toBe(302);
    const returnUrl = new URL(paid.headers.get("location")!);
    const orderId = returnUrl.pathname.split("/").pop()!;
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 0 });
    const returnPage = await (await server.request(`${returnUrl.pathname}${returnUrl.search}`)).text();
    const download = new URL(
      /href="([^"]*\/purchases\/[0-9a-f-]{36}\?token=[^"]+)"/.exec(returnPage)![1]!.replace(/&amp;/g, "&"),
    );
    const downloadPath = `${download.pathname}${download.search}`;
    expect((await server.request(downloadPath)).status).toBe(200);
    const eventsWhenPaid = (await orderEvents(orderId)).length;

    // Partial: 5.00 back. The provider's payment and the order both say 5.00 refunded; the order stays paid.
    const partial = await refundOrder(server.sourceServices(), seller.id, orderId, 500, META);
    expect(partial).toMatchObject({ ok: true, amountCents: 500, refundedCents: 500, full: false });
    expect(await refundWebhooksProcessed(1)).toEqual([{ processed_at: expect.anything(), error: null }]);
    expect(await providerRefunded(checkoutId)).toBe(500);
    expect(await orderRow(orderId)).toEqual({ status: "paid", refunded_cents: 500 });
    // One order event for the partial refund, whichever of the seller's refund and the webhook recorded it first.
    const afterPartial = await orderEvents(orderId);
    expect(
      afterPartial
        .slice(eventsWhenPaid)
        .map((event) => [event.from_status, event.to_status, event.details.refundedCents]),
    ).toEqual([["paid", "paid", 500]]);
    expect((await server.request(downloadPath)).status).toBe(200);

    // More than what is left is refused at our end; the provider is not asked.
    expect(await refundOrder(server.sourceServices(), seller.id, orderId, 751, META)).toMatchObject({
      ok: false,
      code: "REFUND_AMOUNT_TOO_HIGH",
    });
    expect(await providerRefunded(checkoutId)).toBe(500);

    // Full: the remaining 7.50. The order is refunded and the buyer's download page is revoked.
    const rest = await refundOrder(server.sourceServices(), seller.id, orderId, 750, META);
    expect(rest).toMatchObject({ ok: true, amountCents: 750, refundedCents: 1250, full: true });
    const webhooks = await refundWebhooksProcessed(2);
    expect(webhooks.map((row) => row.error)).toEqual([null, null]);
    expect(await providerRefunded(checkoutId)).toBe(1250);
    expect(await orderRow(orderId)).toEqual({ status: "refunded", refunded_cents: 1250 });
    const afterFull = await orderEvents(orderId);
    expect(afterFull.slice(afterPartial.length).map((event) => [event.from_status, event.to_status])).toEqual([
      ["paid", "refunded"],
    ]);
    const revoked = await server.request(downloadPath);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain(revokedMessage("refunded"));
    // Both refunds succeeded at the provider, with its refund ids.
    expect(
      await rows(
        sql`select amount_cents, status, provider_refund_id like 'tpr_%' as provider_id from refunds where order_id = ${orderId}::uuid order by created_at`,
      ),
    ).toEqual([
      { amount_cents: 500, status: "succeeded", provider_id: true },
      { amount_cents: 750, status: "succeeded", provider_id: true },
    ]);

    // The provider's first report (5.00 refunded), delivered late once more under a new event id, changes nothing:
    // the refunded total is never lowered, and the refunded order stays refunded, with no new event.
    const [first] = await rows<{ payload: { data: Record<string, unknown> } }>(
      sql`select payload from webhook_events where provider = 'test' and type = 'payment.refunded' order by received_at limit 1`,
    );
    expect(first!.payload.data.refundedCents).toBe(500);
    const at = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: "evt_test_late_refund",
      type: "payment.refunded",
      created: at,
      data: first!.payload.data,
    });
    const late = await fetch(`${server.origin}/api/webhooks/test`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [TEST_SIGNATURE_HEADER]: signTestWebhook(testWebhookKey("x".repeat(32)), body, at),
      },
      body,
    });
    expect(late.status).toBe(200);
    expect(await orderRow(orderId)).toEqual({ status: "refunded", refunded_cents: 1250 });
    expect(await orderEvents(orderId)).toHaveLength(afterFull.length);
    // Nothing more can be refunded.
    expect(await refundOrder(server.sourceServices(), seller.id, orderId, 1, META)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_REFUNDABLE",
    });
  });
});
