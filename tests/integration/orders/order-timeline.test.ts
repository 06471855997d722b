import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRefund } from "~/flows/order-lifecycle/server/record-refund.server";
import { RESEND_RECEIPT_RATE_LIMIT } from "~/flows/order-lifecycle/server/resend-receipt.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { ERRORS } from "~/lib/errors";
import { insertOrder } from "../../support/order-rows";
import { toastOf } from "../../support/form-post";
import type { MailCatcher } from "../../support/mail-catcher";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { serverWithMail } from "../../support/server-with-mail";
import type { TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";

/**
 * Against the built app, its database and the SMTP stand-in: an order's timeline (created, paid, receipt
 * sent, each download by the buyer, partly and fully refunded, disputed) in the seller's time zone; "Resend receipt"
 * (the same receipt with a working link, rate-limited per order, own orders only, paid ones only, in the timeline,
 * a toast and a security event); and the customers' figures kept by every move (customer_totals).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-order-timeline-"));
let mail: MailCatcher;
let server: TestServer;
let seller: ProductOwner;
let other: ProductOwner;

serverWithMail({ DATA_DIR: dataDir, TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ mail, server } = started);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;
const services = () => makeTestServices(server);
const get = (who: ProductOwner, pathname: string, cookie = "") =>
  server.request(pathname, { headers: { cookie: [who.cookie, cookie].filter(Boolean).join("; ") } });
const resend = (who: ProductOwner, orderId: string) =>
  server.request(`/orders/${orderId}`, {
    method: "POST",
    headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "resend-receipt" }),
  });
/** The page's visible text, tags removed (React splits text around expressions with comments). */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

async function waitForMail(to: string, subject: RegExp, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mail.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no ${count} mails "${subject}" to ${to} (got ${found.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function order(owner: ProductOwner, email: string, amount = 900): Promise<string> {
  const id = randomUUID();
  await insertOrder(server.db, {
    id,
    userId: owner.id,
    productId: owner.productId,
    storeName: "Ada's Shop",
    customerEmail: email,
    status: "pending",
    subtotalCents: amount,
    amountCents: amount,
    provider: "test",
  });
  return id;
}

const totalsOf = async (owner: ProductOwner, email: string) =>
  (
    await rows<{ orders: number; spent_cents: string; spent: Record<string, number> }>(
      sql`select orders, spent_cents::text, spent from customer_totals where user_id = ${owner.id} and email = ${email}`,
    )
  )[0] ?? null;

let fileId: string;
beforeAll(async () => {
  seller = await createProductOwner(server);
  other = await createProductOwner(server);
  const bytes = randomBytes(4096);
  const uploadId = randomBytes(16).toString("hex");
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", uploadId), bytes);
  const [file] = await rows<{ id: string }>(sql`
    insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
    values (${seller.productId}::uuid, ${seller.id}, ${uploadId}, 'guide.pdf', 'application/pdf', ${bytes.length},
      ${createHash("sha256").update(bytes).digest("hex")}, now() - interval '1 hour')
    returning id`);
  fileId = file!.id;
});

describe("an order's timeline", () => {
  it("shows created, paid, receipt sent, each download and a partial then full refund, in the seller's time zone", async () => {
    const buyer = `timeline-${randomUUID().slice(0, 8)}@example.com`;
    const id = await order(seller, buyer);
    await server.db.execute(sql`update orders set created_at = '2026-03-08T06:30:00Z' where id = ${id}::uuid`);
    expect((await transitionOrder(services(), id, { to: "paid", cause: "webhook:test:evt_1" }))?.fulfilled).toBe(true);
    const [receipt] = await waitForMail(buyer, /^Your receipt from/, 1);
    // The buyer opens the receipt's download page and downloads the file twice; a Range continuation is not a new
    // download.
    const pageUrl = /Download your files: (\S+)/.exec(receipt!.text)![1]!;
    const downloadPage = await (await fetch(pageUrl)).text();
    const link = /href="(\/purchases\/[^"]+\/files\/[^"]+)"/.exec(downloadPage)![1]!.replace(/&amp;/g, "&");
    expect((await server.request(link)).status).toBe(200);
    expect((await server.request(link)).status).toBe(200);
    expect((await server.request(link, { headers: { range: "bytes=100-" } })).status).toBe(206);
    const downloads = await rows<{ n: number }>(
      sql`select count(*)::int as n from delivery_events where order_id = ${id}::uuid and kind = 'download' and file_id = ${fileId}::uuid`,
    );
    expect(downloads[0]!.n).toBe(2);

    await recordRefund(services(), id, 300, "seller_refund");
    await recordRefund(services(), id, 900, "webhook:test:evt_2");
    const html = await (await get(seller, `/orders/${id}`, "sellkit.tz=America%2FNew_York")).text();
    const text = textOf(html);
    const expected = [
      "Order created Mar 8, 2026, 1:30 AM",
      "Paid $9.00",
      "Receipt sent",
      "Downloaded guide.pdf",
      "Downloaded guide.pdf",
      "Partly refunded: $3.00 refunded in total",
      "Fully refunded ($9.00)",
    ];
    let at = text.indexOf("Timeline");
    for (const part of expected) {
      const next = text.indexOf(part, at + 1);
      expect(next, `"${part}" after position ${at}`).toBeGreaterThan(at);
      at = next;
    }
    expect(text).toContain("Times are in your time zone, America/New_York.");
    expect(text).toContain(`To ${buyer}`);
  });

  it("shows a dispute and an expired checkout", async () => {
    const disputed = await order(seller, `dispute-${randomUUID().slice(0, 8)}@example.com`);
    await transitionOrder(services(), disputed, { to: "paid", cause: "webhook:test:a" });
    await transitionOrder(services(), disputed, { to: "disputed", cause: "webhook:stripe:b" });
    expect(textOf(await (await get(seller, `/orders/${disputed}`)).text())).toContain("Disputed by the buyer");
    const expired = await order(seller, `expired-${randomUUID().slice(0, 8)}@example.com`);
    await transitionOrder(services(), expired, { to: "expired", cause: "expiry" });
    const text = textOf(await (await get(seller, `/orders/${expired}`)).text());
    expect(text).toContain("Checkout expired without payment");
    expect(text).not.toContain("Receipt sent");
    expect(text).toContain("Only paid orders have a receipt to send again");
  });

  it("shows a refund whose provider answer was lost as pending confirmation, held back from what is left to refund", async () => {
    const id = await order(seller, `unconfirmed-${randomUUID().slice(0, 8)}@example.com`);
    await transitionOrder(services(), id, { to: "paid", cause: "webhook:test:c" });
    await server.db.execute(
      sql`insert into refunds (order_id, amount_cents, status) values (${id}::uuid, 300, 'unknown')`,
    );
    const text = textOf(await (await get(seller, `/orders/${id}`)).text());
    expect(text).toContain("$3.00 on");
    expect(text).toContain(
      "refund pending confirmation (the provider did not answer; it is checked again within minutes)",
    );
    expect(text).toContain("Up to $6.00: all of it for a full refund");
  });
});

describe("resend receipt", () => {
  it("mails the same receipt again with a working link, records it in the timeline and the security log, with a toast", async () => {
    const buyer = `resend-${randomUUID().slice(0, 8)}@example.com`;
    const id = await order(seller, buyer);
    await transitionOrder(services(), id, { to: "paid", cause: "webhook:test:evt" });
    await recordRefund(services(), id, 200, "seller_refund"); // partly refunded: still paid, still resendable
    await waitForMail(buyer, /^Your receipt from Ada's Shop: Field guide$/, 1);
    const response = await resend(seller, id);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/orders/${id}`);
    expect(toastOf(response)).toEqual({ type: "success", title: `Receipt sent again to ${buyer}` });
    const [first, again] = await waitForMail(buyer, /^Your receipt from Ada's Shop: Field guide$/, 2);
    expect(again!.text.replace(/https?:\S+/g, "")).toBe(first!.text.replace(/https?:\S+/g, ""));
    const pageUrl = /Download your files: (\S+)/.exec(again!.text)![1]!;
    expect(pageUrl).not.toBe(/Download your files: (\S+)/.exec(first!.text)![1]);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("guide.pdf");
    expect(textOf(await (await get(seller, `/orders/${id}`)).text())).toContain(`Receipt sent again`);
    const events = await rows<{ event_type: string; event_category: string; details: Record<string, unknown> }>(
      sql`select event_type, event_category, details from security_audit where user_id = ${seller.id} and event_type = 'receipt_resent' and details->>'orderId' = ${id}`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.event_category).toBe("data");
    expect(JSON.stringify(events[0]!.details)).not.toMatch(/token|purchases/);
  });

  it(`is limited to ${RESEND_RECEIPT_RATE_LIMIT.limit} per order and hour, with the reason announced`, async () => {
    const buyer = `limit-${randomUUID().slice(0, 8)}@example.com`;
    const id = await order(seller, buyer);
    await transitionOrder(services(), id, { to: "paid", cause: "webhook:test:evt" });
    for (let i = 0; i < RESEND_RECEIPT_RATE_LIMIT.limit; i++) expect((await resend(seller, id)).status).toBe(302);
    const refused = await resend(seller, id);
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toContain(ERRORS.RECEIPT_RESEND_RATE_LIMITED.message);
    await waitForMail(buyer, /^Your receipt from/, 1 + RESEND_RECEIPT_RATE_LIMIT.limit);
    const sent = await rows<{ n: number }>(
      sql`select count(*)::int as n from delivery_events where order_id = ${id}::uuid and kind = 'receipt_resent'`,
    );
    expect(sent[0]!.n).toBe(RESEND_RECEIPT_RATE_LIMIT.limit);
  });

  it("is the seller's own: another seller gets 404 and no mail; a refunded or pending order is refused", async () => {
    const buyer = `own-${randomUUID().slice(0, 8)}@example.com`;
    const id = await order(seller, buyer);
    await transitionOrder(services(), id, { to: "paid", cause: "webhook:test:evt" });
    expect((await resend(other, id)).status).toBe(404);
    expect((await get(other, `/orders/${id}`)).status).toBe(404);
    const pending = await order(seller, `pending-${randomUUID().slice(0, 8)}@example.com`);
    expect((await resend(seller, pending)).status).toBe(409);
    await recordRefund(services(), id, 900, "seller_refund");
    const refused = await resend(seller, id);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(ERRORS.RECEIPT_NOT_RESENDABLE.message);
    const sent = await rows<{ n: number }>(
      sql`select count(*)::int as n from delivery_events where kind = 'receipt_resent' and order_id in (${id}::uuid, ${pending}::uuid)`,
    );
    expect(sent[0]!.n).toBe(0);
  });
});

describe("the customers' figures", () => {
  it("follow every move of a buyer's orders: paid, partly and fully refunded, disputed (not a sale), any letter case", async () => {
    const email = `totals-${randomUUID().slice(0, 8)}@example.com`;
    const first = await order(seller, email.toUpperCase(), 1000);
    const second = await order(seller, email, 500);
    expect(await totalsOf(seller, email)).toBeNull(); // pending: no sale yet
    await transitionOrder(services(), first, { to: "paid", cause: "t" });
    await transitionOrder(services(), second, { to: "paid", cause: "t" });
    expect(await totalsOf(seller, email)).toMatchObject({ orders: 2, spent_cents: "1500", spent: { USD: 1500 } });
    await recordRefund(services(), first, 250, "t");
    expect(await totalsOf(seller, email)).toMatchObject({ orders: 2, spent_cents: "1250" });
    await recordRefund(services(), first, 1000, "t");
    expect(await totalsOf(seller, email)).toMatchObject({ orders: 2, spent_cents: "500" }); // a full refund is still an order, adding 0
    await transitionOrder(services(), second, { to: "disputed", cause: "t" });
    expect(await totalsOf(seller, email)).toMatchObject({ orders: 1, spent_cents: "0" });
    await transitionOrder(services(), second, { to: "paid", cause: "t" }); // the seller won the dispute
    expect(await totalsOf(seller, email)).toMatchObject({ orders: 2, spent_cents: "500" });
    expect(await totalsOf(other, email)).toBeNull();
  });
});
