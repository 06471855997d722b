import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOWNLOADS_PER_FILE_PER_DAY,
  downloadLimitMessage,
  INVALID_LINK_MESSAGE,
  LOST_LINK_SENT_MESSAGE,
  orderNumber,
  revokedMessage,
} from "~/domains/delivery/content/delivery-rules";
import { signedDownloadPath } from "~/domains/delivery/server/download-signature.server";
import { issueAccessToken } from "~/domains/delivery/server/issue-access-token.server";
import { LOST_LINK_MAIL_LIMIT } from "~/domains/delivery/server/mail-lost-links.server";
import { LOST_LINK_RATE_LIMIT } from "~/domains/delivery/server/request-lost-links.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { insertOrder } from "../../support/order-rows";
import { nextClientIp } from "../../support/client-ip";
import { hostileQuery, hostileSegment, hostileValue, unclearRejection } from "../../support/hostile-requests";
import type { MailCatcher } from "../../support/mail-catcher";
import { createProductOwner, type ProductOwner } from "../../support/product-owner";
import { serverWithMail } from "../../support/server-with-mail";
import type { TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";

/**
 * Delivery: the receipt of a paid order (one, through the outbox) and its link; the download page
 * behind the access token; signed file links with Range/ETag, the daily limit, revocation on refund; the lost-link
 * request (the same answer for every email) — against the real server, database and SMTP stand-in.
 */
const SECRET = "x".repeat(32);
const dataDir = mkdtempSync(path.join(tmpdir(), "sellkit-delivery-"));
let mail: MailCatcher;
let server: TestServer;
let seller: ProductOwner;

serverWithMail({ DATA_DIR: dataDir, TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ mail, server } = started);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;

/** A completed product file, its bytes written where the tus file store keeps them. */
async function addFile(productId: string, userId: string, name: string, bytes: Buffer) {
  const uploadId = randomBytes(16).toString("hex");
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", uploadId), bytes);
  const [row] = await rows<{ id: string }>(sql`
    insert into product_files (product_id, user_id, upload_id, name, content_type, size, sha256, completed_at)
    values (${productId}::uuid, ${userId}, ${uploadId}, ${name}, 'application/pdf', ${bytes.length}, ${sha256(bytes)},
      now() - interval '1 hour')
    returning id`);
  return row!.id;
}

/** A pending order of the product, moved to paid through the state machine (which delivers it). */
async function paidOrder(
  productId: string,
  email: string,
  extra: { discountCents?: number; discountCode?: string } = {},
) {
  const id = randomUUID();
  const discount = extra.discountCents ?? 0;
  await insertOrder(server.db, {
    id,
    userId: seller.id,
    productId,
    storeName: "Ada's Shop",
    customerEmail: email,
    status: "pending",
    subtotalCents: 900,
    discountCents: discount,
    amountCents: 900 - discount,
    discountCode: extra.discountCode ?? null,
    provider: "test",
  });
  const moved = await transitionOrder(makeTestServices(server), id, { to: "paid", cause: "test" });
  expect(moved?.fulfilled).toBe(true);
  return id;
}

async function waitForMail(to: string, subject: RegExp, count = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mail.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const fileLinksOf = (html: string) =>
  [...html.matchAll(/href="(\/purchases\/[^"]+\/files\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const countOf = async (orderId: string, fileId: string) =>
  (
    await rows<{ count: number }>(
      sql`select count from download_counts where order_id = ${orderId}::uuid and file_id = ${fileId}::uuid`,
    )
  )[0]?.count ?? 0;

let bytes: Buffer;
let fileId: string;
let otherFileId: string;
let orderId: string;
let pagePath: string;
const buyer = `buyer-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  seller = await createProductOwner(server);
  bytes = randomBytes(3 * 1024 * 1024 + 77);
  fileId = await addFile(seller.productId, seller.id, "Field guide (2nd ed.).pdf", bytes);
  // Another product of the same seller, with its own file: never served through this order's links.
  const otherProduct = randomUUID();
  await server.db.execute(
    sql`insert into products (id, user_id, name, slug, price_cents, currency) values (${otherProduct}::uuid, ${seller.id}, 'Other', ${`other-${otherProduct.slice(0, 8)}`}, 500, 'USD')`,
  );
  otherFileId = await addFile(otherProduct, seller.id, "other.pdf", randomBytes(1000));
  orderId = await paidOrder(seller.productId, buyer, { discountCents: 90, discountCode: "SPRING" });
});

describe("the receipt", () => {
  it("is mailed once, through the outbox, with the order, date, product, seller, discount, amount and a working link", async () => {
    const [receipt] = await waitForMail(buyer, /^Your receipt from Ada's Shop: Field guide$/);
    const queued = await rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where "to" = ${buyer}`);
    expect(queued[0]?.n).toBe(1);
    for (const part of [
      `Order number: ${orderNumber(orderId)}`,
      "Product: Field guide",
      "Sold by: Ada's Shop",
      "Discount: SPRING: −$0.90",
      "Amount paid: $8.10",
    ]) {
      expect(receipt!.text).toContain(part);
    }
    expect(receipt!.text).toMatch(/Date: \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(receipt!.text).toContain(`${server.origin}/purchases\n`);
    const link = /Download your files: (\S+)/.exec(receipt!.text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.origin}/purchases/${orderId}\\?token=[A-Za-z0-9_-]{43}$`));
    pagePath = pathOf(link!);
    // The state machine delivers only once: another move to paid sends nothing.
    expect(
      await transitionOrder(makeTestServices(server), orderId, {
        to: "paid",
        cause: "again",
      }),
    ).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.filter((m) => m.to.includes(buyer))).toHaveLength(1);
  });
});

describe("the download page", () => {
  it("lists the files with signed links, privately", async () => {
    const response = await server.request(pagePath);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toMatch(/no-referrer$/);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    const html = await response.text();
    expect(html).toContain("Field guide (2nd ed.).pdf");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(orderNumber(orderId));
    expect(html).not.toContain("other.pdf");
    const [link] = fileLinksOf(html);
    expect(link).toMatch(new RegExp(`^/purchases/${orderId}/files/${fileId}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
  });

  it("answers a wrong token, another order's token and a malformed id with the same clear page and the lost-link form", async () => {
    const otherOrder = await paidOrder(seller.productId, `other-${randomUUID().slice(0, 8)}@example.com`);
    const otherToken = await issueAccessToken(server.db, otherOrder);
    for (const target of [
      `/purchases/${orderId}?token=${"A".repeat(43)}`,
      `/purchases/${orderId}?token=${otherToken}`,
      `/purchases/${orderId}`,
      `/purchases/not-an-order?token=${otherToken}`,
    ]) {
      const response = await server.request(target);
      expect(response.status, target).toBe(404);
      const html = await response.text();
      expect(html).toContain(INVALID_LINK_MESSAGE.replace("'", "&#x27;"));
      expect(html).toMatch(/<form[^>]*action="\/purchases"/);
      expect(html).not.toContain("Field guide (2nd ed.).pdf");
    }
  });
});

describe("signed file links", () => {
  const freshLink = async () => fileLinksOf(await (await server.request(pagePath)).text())[0]!;

  it("stream the file with its name, validators and range support; resuming with Range gives identical bytes", async () => {
    const link = await freshLink();
    const before = await countOf(orderId, fileId);
    const whole = await server.request(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toBe(`attachment; filename="Field guide (2nd ed.).pdf"`);
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("etag")).toBe(`"${sha256(bytes)}"`);
    expect(whole.headers.get("last-modified")).toBeTruthy();
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(whole.headers.get("content-encoding")).toBeNull();
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));
    expect(await countOf(orderId, fileId)).toBe(before + 1);

    // Interrupted at half: the first half came with a range from 0 (a new download), the rest resumes (not counted).
    const half = Math.floor(bytes.length / 2);
    const first = await server.request(link, { headers: { Range: `bytes=0-${half - 1}` } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-${half - 1}/${bytes.length}`);
    const rest = await server.request(link, { headers: { Range: `bytes=${half}-`, "If-Range": `"${sha256(bytes)}"` } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes ${half}-${bytes.length - 1}/${bytes.length}`);
    const joined = Buffer.concat([Buffer.from(await first.arrayBuffer()), Buffer.from(await rest.arrayBuffer())]);
    expect(sha256(joined)).toBe(sha256(bytes));
    expect(await countOf(orderId, fileId)).toBe(before + 2);
  });

  it("answer 304 to If-None-Match and If-Modified-Since, 416 past the end, and a whole file when If-Range names another version", async () => {
    const link = await freshLink();
    const before = await countOf(orderId, fileId);
    const cached = await server.request(link, { headers: { "If-None-Match": `"${sha256(bytes)}"` } });
    expect(cached.status).toBe(304);
    const unchanged = await server.request(link, {
      headers: { "If-Modified-Since": cached.headers.get("last-modified")! },
    });
    expect(unchanged.status).toBe(304);
    expect(await countOf(orderId, fileId)).toBe(before);
    const beyond = await server.request(link, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    const stale = await server.request(link, { headers: { Range: "bytes=100-", "If-Range": '"stale"' } });
    expect(stale.status).toBe(200);
    expect(Number(stale.headers.get("content-length"))).toBe(bytes.length);
    await stale.arrayBuffer();
  });

  it("refuse a tampered, expired or foreign link with a page, never the file", async () => {
    const link = await freshLink();
    const tampered = link.replace(fileId, otherFileId);
    const refusedTamper = await server.request(tampered);
    expect(refusedTamper.status).toBe(404);
    expect(refusedTamper.headers.get("content-type")).toContain("text/html");
    expect(await refusedTamper.text()).toContain("This download link is not valid.");

    // Genuinely signed for this order and buyer, but the file belongs to another product: refused.
    const foreign = signedDownloadPath(SECRET, { orderId, fileId: otherFileId, email: buyer }, 600);
    const refusedForeign = await server.request(foreign);
    expect(refusedForeign.status).toBe(404);
    expect(await refusedForeign.text()).toContain("This file is not part of your purchase");

    // Signed for another buyer's email.
    const otherBuyer = await server.request(
      signedDownloadPath(SECRET, { orderId, fileId, email: "thief@example.com" }, 600),
    );
    expect(otherBuyer.status).toBe(404);

    const expired = await server.request(signedDownloadPath(SECRET, { orderId, fileId, email: buyer }, -1));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("This download link has expired.");
  });

  it("stop at the daily limit with a clear 429 page; a continuation still resumes", async () => {
    const link = await freshLink();
    await server.db.execute(
      sql`update download_counts set count = ${DOWNLOADS_PER_FILE_PER_DAY} where order_id = ${orderId}::uuid and file_id = ${fileId}::uuid`,
    );
    const refused = await server.request(link);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(downloadLimitMessage().replace("'", "&#39;"));
    const fromZero = await server.request(link, { headers: { Range: "bytes=0-99" } });
    expect(fromZero.status).toBe(429);
    await fromZero.text();
    const resumed = await server.request(link, { headers: { Range: `bytes=${bytes.length - 10}-` } });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect(await countOf(orderId, fileId)).toBe(DOWNLOADS_PER_FILE_PER_DAY);
  });
});

describe("the daily limit with ranges past byte 0", () => {
  const bytesOf = async (order: string, file: string) =>
    Number(
      (
        await rows<{ bytes: string }>(
          sql`select bytes from download_counts where order_id = ${order}::uuid and file_id = ${file}::uuid`,
        )
      )[0]?.bytes ?? 0,
    );
  const newOrder = async (productId = seller.productId) => {
    const email = `ranges-${randomUUID().slice(0, 8)}@example.com`;
    const order = await paidOrder(productId, email);
    return { order, link: (file: string) => signedDownloadPath(SECRET, { orderId: order, fileId: file, email }, 600) };
  };

  it("`bytes=1-` asked again and again runs out like whole downloads do", async () => {
    const { order, link } = await newOrder();
    let served = 0;
    for (let i = 0; i < DOWNLOADS_PER_FILE_PER_DAY + 5; i++) {
      const response = await server.request(link(fileId), { headers: { Range: "bytes=1-" } });
      if (response.status === 429) {
        expect(await response.text()).toContain(downloadLimitMessage().replace("'", "&#39;"));
        break;
      }
      expect(response.status).toBe(206);
      expect((await response.arrayBuffer()).byteLength).toBe(bytes.length - 1);
      served++;
    }
    // The request crossing the allowance is still served whole (a resume is never cut short): one more at most.
    expect(served).toBe(DOWNLOADS_PER_FILE_PER_DAY + 1);
    for (const range of [null, "bytes=0-", "bytes=-100", `bytes=${bytes.length - 1}-`]) {
      const response = await server.request(link(fileId), { headers: range ? { Range: range } : {} });
      expect(response.status, String(range)).toBe(429);
      await response.text();
    }
    expect(await countOf(order, fileId)).toBe(0);
  });

  it("a download broken part-way and resumed from where it stopped counts once, bytes given back", async () => {
    // A product of its own, so the other tests' download pages list the same files.
    const bigProduct = randomUUID();
    await server.db.execute(
      sql`insert into products (id, user_id, name, slug, price_cents, currency) values (${bigProduct}::uuid, ${seller.id}, 'Big', ${`big-${bigProduct.slice(0, 8)}`}, 500, 'USD')`,
    );
    const big = randomBytes(16 * 1024 * 1024);
    const bigFile = await addFile(bigProduct, seller.id, "Big.zip", big);
    const { order, link } = await newOrder(bigProduct);
    const controller = new AbortController();
    const broken = await server.request(link(bigFile), { signal: controller.signal });
    expect(broken.status).toBe(200);
    const reader = broken.body!.getReader();
    const received: Uint8Array[] = [];
    let length = 0;
    while (length < 1024 * 1024) {
      const { value } = await reader.read();
      received.push(value!);
      length += value!.length;
    }
    controller.abort();
    await reader.cancel().catch(() => {});
    // The server gives back what the connection never took (what sat in socket buffers still counts).
    await expect.poll(() => bytesOf(order, bigFile), { timeout: 10_000 }).toBeLessThan(big.length / 4);
    const rest = await server.request(link(bigFile), {
      headers: { Range: `bytes=${length}-`, "If-Range": `"${sha256(big)}"` },
    });
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([...received, new Uint8Array(await rest.arrayBuffer())]);
    expect(sha256(whole)).toBe(sha256(big));
    expect(await countOf(order, bigFile)).toBe(1);
    expect(await bytesOf(order, bigFile)).toBeLessThan(big.length * 1.25);
    // Segments of one download fetched side by side (a download manager) add up to one copy of the file.
    const segments = await newOrder(bigProduct);
    const quarter = big.length / 4;
    const parts = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const response = await server.request(segments.link(bigFile), {
          headers: { Range: `bytes=${i * quarter}-${(i + 1) * quarter - 1}` },
        });
        expect(response.status).toBe(206);
        return new Uint8Array(await response.arrayBuffer());
      }),
    );
    expect(sha256(Buffer.concat(parts))).toBe(sha256(big));
    expect([await countOf(segments.order, bigFile), await bytesOf(segments.order, bigFile)]).toEqual([1, big.length]);
  });
});

describe("revocation", () => {
  it("a refund turns the page and every link into a 410 page at once", async () => {
    const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
    const refundedOrder = await paidOrder(seller.productId, email);
    const token = await issueAccessToken(server.db, refundedOrder);
    const page = `/purchases/${refundedOrder}?token=${token}`;
    const link = fileLinksOf(await (await server.request(page)).text())[0]!;
    expect((await server.request(link, { method: "HEAD" })).status).toBe(200);

    await transitionOrder(makeTestServices(server), refundedOrder, { to: "refunded", cause: "test" });
    const revokedPage = await server.request(page);
    expect(revokedPage.status).toBe(410);
    expect(await revokedPage.text()).toContain(revokedMessage("refunded"));
    const revokedFile = await server.request(link);
    expect(revokedFile.status).toBe(410);
    expect(revokedFile.headers.get("content-type")).toContain("text/html");
    expect(revokedFile.headers.get("content-disposition")).toBeNull();
    expect(await revokedFile.text()).toContain(revokedMessage("refunded"));
  });
});

describe("the lost-link request", () => {
  const ask = (email: string, ip = nextClientIp()) =>
    server.request("/purchases", {
      method: "POST",
      body: new URLSearchParams({ email }),
      headers: { "X-Forwarded-For": ip },
    });

  it("answers the same for an unknown email and mails nothing; a known one gets ONE mail with a fresh working link per purchase", async () => {
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.com`;
    const unknownAnswer = await ask(unknown);
    const knownAnswer = await ask(buyer.toUpperCase());
    expect(unknownAnswer.status).toBe(200);
    expect(knownAnswer.status).toBe(200);
    const unknownHtml = await unknownAnswer.text();
    const knownHtml = await knownAnswer.text();
    for (const html of [unknownHtml, knownHtml]) expect(html).toContain(LOST_LINK_SENT_MESSAGE.replace("'", "&#x27;"));
    // The documents differ only by the CSP nonce.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, "");
    expect(withoutNonce(knownHtml)).toBe(withoutNonce(unknownHtml));

    const [links] = await waitForMail(buyer, /^Your link to your purchase$/);
    const url = new RegExp(`${server.origin}/purchases/${orderId}\\?token=[A-Za-z0-9_-]{43}`).exec(links!.text)?.[0];
    expect(url).toBeTruthy();
    expect(url).not.toBe(`${server.origin}${pagePath}`);
    const page = await server.request(pathOf(url!));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Field guide (2nd ed.).pdf");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.filter((m) => m.to.includes(unknown))).toHaveLength(0);
  });

  it("is limited per client address with Retry-After, and another address never uses up a buyer's requests", async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    await paidOrder(seller.productId, email);
    const attacker = nextClientIp();
    for (let i = 0; i < LOST_LINK_RATE_LIMIT.limit; i += 1) expect((await ask(email, attacker)).status).toBe(200);
    const refused = await ask(email, attacker);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOST_LINK_RATE_LIMIT.windowSeconds);
    expect(await refused.text()).toContain("Too many requests. Please wait before trying again.");
    expect((await ask(`someone-else-${randomUUID().slice(0, 8)}@example.com`, attacker)).status).toBe(429);
    // The buyer, from their own address, is answered and mailed as usual.
    expect((await ask(email)).status).toBe(200);
    await waitForMail(email, /^Your link to your purchase$/, LOST_LINK_RATE_LIMIT.limit + 1);
  });

  it("mails one buyer at most the hourly number of lost-link mails, whoever asks, and answers every ask the same", async () => {
    const email = `flooded-${randomUUID().slice(0, 8)}@example.com`;
    await paidOrder(seller.productId, email);
    for (let i = 0; i <= LOST_LINK_MAIL_LIMIT.limit; i += 1) expect((await ask(email)).status).toBe(200);
    await waitForMail(email, /^Your link to your purchase$/, LOST_LINK_MAIL_LIMIT.limit);
    const pending = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from mail_outbox where "to" = ${email} and sent_at is null`,
        )
      )[0]!.n;
    await expect.poll(pending, { timeout: 10_000 }).toBe(0);
    expect(
      mail.messages.filter((m) => m.to.includes(email) && m.subject === "Your link to your purchase"),
    ).toHaveLength(LOST_LINK_MAIL_LIMIT.limit);
  });

  it("refuses an invalid email with the form's message", async () => {
    const refused = await ask("not an email");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a valid email address");
  });
});

describe("hostile requests", () => {
  it("never get a 5xx or an unclear answer from the purchase pages, file links and lost-link form", async () => {
    const target = fc.oneof(
      fc
        .tuple(hostileSegment([orderId]), hostileQuery)
        .map(([order, query]) => ({ method: "GET", path: `/purchases/${order}${query}` })),
      fc
        .tuple(hostileSegment([orderId]), hostileSegment([fileId, otherFileId]), hostileQuery)
        .map(([order, file, query]) => ({ method: "GET", path: `/purchases/${order}/files/${file}${query}` })),
      fc
        .tuple(hostileValue, fc.constantFrom("email", "token", "intent"))
        .map(([value, field]) => ({ method: "POST", path: "/purchases", field, value })),
    );
    await fc.assert(
      fc.asyncProperty(target, async (spec) => {
        const init: RequestInit =
          "field" in spec
            ? {
                method: "POST",
                body: new URLSearchParams({ [spec.field]: spec.value }),
                headers: { "X-Forwarded-For": nextClientIp() },
              }
            : {};
        let response: Response;
        try {
          response = await server.request(spec.path, init);
        } catch (error) {
          // fetch itself refuses some URLs (it never reached the server).
          if (error instanceof TypeError) return;
          throw error;
        }
        const body = await response.text();
        expect(response.status, `${spec.method} ${spec.path}`).toBeLessThan(500);
        expect(
          unclearRejection(response.status, response.headers.get("content-type") ?? "", body),
          `${spec.method} ${spec.path}`,
        ).toBeNull();
      }),
      { numRuns: 60 },
    );
  });
});
