import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  COUNTER_RECEIPTS_PER_RECIPIENT,
  COUNTER_RECEIPTS_PER_STORE,
} from "~/domains/delivery/server/deliver-order.server";
import { postForm } from "../../support/form-post";
import type { MailCatcher } from "../../support/mail-catcher";
import { serverWithMail } from "../../support/server-with-mail";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";

// Counter receipts over HTTP, as a register sends its sales: a receipt is mailed only to an address given with the
// sale, at most so many per address and per store an hour; past that the sale is still recorded, no mail goes, and
// the answer tells the cashier in words. The subject names the store, never a product's free text.

let server: TestServer;
let mail: MailCatcher;
let ada: SignedInCreator;
let shiftId: string;
let freebie: string;

serverWithMail({ TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server, mail } = started);
});

const post = (path: string, body: unknown) =>
  server.request(path, {
    method: "POST",
    headers: { cookie: ada.jar.header(), "x-forwarded-for": ada.ip, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const get = (path: string) =>
  server.request(path, { headers: { cookie: ada.jar.header(), "x-forwarded-for": ada.ip } });

type SaleAnswer = { orderId: string; receipt: { status: string; message: string | null } };

/** A $0 counter sale of the free sticker, to `email` when given. */
async function sell(email: string, deviceSaleId = randomUUID()): Promise<SaleAnswer> {
  const response = await post("/api/pos/sales", {
    deviceSaleId,
    shiftId,
    soldAt: new Date().toISOString(),
    lines: [{ productId: freebie, quantity: 1, unitPriceCents: 0 }],
    payments: [{ method: "cash", amountCents: 0, tenderedCents: 0 }],
    email,
  });
  expect(response.status).toBe(200);
  return response.json();
}

const receiptsTo = (email: string) => mail.messages.filter((m) => m.to.includes(email));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

beforeAll(async () => {
  ada = await createSignedInCreator(server, { firstName: "Ada", storeName: "Corner Shop" });
  const product = await server.db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${ada.id}, 'WIN A PRIZE at prize.example', 'ebook', 0, 'USD', 'published') returning id`);
  freebie = product.rows[0]!.id;
  expect((await get("/tools/pos")).status).toBe(200);
  const register = await server.db.execute<{ id: string }>(sql`select id from registers where user_id = ${ada.id}`);
  const registerId = register.rows[0]!.id;
  expect(
    (await postForm(server, "/tools/pos", { intent: "open-shift", registerId, openingFloat: "0" }, ada)).status,
  ).toBe(302);
  const shift = await server.db.execute<{ id: string }>(
    sql`select id from shifts where register_id = ${registerId}::uuid and closed_at is null`,
  );
  shiftId = shift.rows[0]!.id;
});

describe("counter receipts", () => {
  it("mails a stranger no more than the per-address limit of receipts; every sale is recorded and says why", async () => {
    const stranger = "stranger@example.com";
    const answers: SaleAnswer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await sell(stranger));
    const limit = COUNTER_RECEIPTS_PER_RECIPIENT.limit;
    expect(answers.slice(0, limit).map((a) => a.receipt.status)).toEqual(Array(limit).fill("sent"));
    expect(answers[0]!.receipt.message).toBe(`The receipt goes to ${stranger}.`);
    for (const answer of answers.slice(limit))
      expect(answer.receipt).toEqual({
        status: "withheld",
        message:
          "The receipt was not emailed: too many receipts went to this address or from your store in the last hour. Print it instead, or send it again later from the order's page.",
      });
    const paid = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${ada.id} and channel = 'pos' and status = 'paid'`,
    );
    expect(paid.rows[0]!.n).toBe(30);

    await expect.poll(() => receiptsTo(stranger).length, { timeout: 15_000 }).toBe(limit);
    await settle();
    expect(receiptsTo(stranger)).toHaveLength(limit);
    // The store's name alone: the product's free text stays out of the subject.
    expect(new Set(receiptsTo(stranger).map((m) => m.subject))).toEqual(new Set(["Your receipt from Corner Shop"]));

    // The register may ask again later, and the order's timeline tells the seller.
    const withheld = answers.at(-1)!;
    const asked = await get(`/api/pos/sales/${withheld.orderId}/receipt`);
    expect(asked.status).toBe(200);
    expect((await asked.json()).receipt.status).toBe("withheld");
    expect(await (await get(`/orders/${withheld.orderId}`)).text()).toContain("Receipt not emailed");
  });

  it("sends nothing for a sale without an address, and tells the register by the sale's device id", async () => {
    const deviceSaleId = randomUUID();
    const before = mail.messages.length;
    const answer = await sell("", deviceSaleId);
    expect(answer.receipt).toEqual({ status: "none", message: null });
    const asked = await get(`/api/pos/sales/${deviceSaleId}/receipt`);
    expect((await asked.json()).receipt).toEqual({ status: "none", message: null });
    await settle();
    expect(mail.messages.length).toBe(before);
    expect((await get(`/api/pos/sales/${randomUUID()}/receipt`)).status).toBe(404);
  });

  it("stops the store's receipts past its hourly limit, whoever they go to", async () => {
    await server.db.execute(sql`
      update app_rate_limits set hits = ${COUNTER_RECEIPTS_PER_STORE.limit}
      where bucket = ${`${COUNTER_RECEIPTS_PER_STORE.name}:seller:${ada.id}`}`);
    const answer = await sell("someone-new@example.com");
    expect(answer.receipt.status).toBe("withheld");
    await settle();
    expect(receiptsTo("someone-new@example.com")).toHaveLength(0);
  });
});
