import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "~/domains/orders/order-status";
import { runTestPayouts } from "~/domains/payouts/server/run-test-payouts.server";
import { insertOrder as insertOrderRow } from "../../support/order-rows";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The test provider's payout ledger job against a real PostgreSQL (fixed clocks: 2027-03-01 is a
// Monday), and the /payouts page of the built app: earnings as every page counts a sale, the test provider's
// pending and available balance, the next payout, the payouts list and its pages, the empty state, and only the
// signed-in creator's own figures.

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;
const run = (at: string) => runTestPayouts(server.sourceServices(), new Date(at));

type Order = {
  status?: string;
  amount?: number;
  fee?: number;
  refunded?: number;
  currency?: string;
  paidAt: string;
  provider?: string;
};

async function insertOrder(userId: string, order: Order): Promise<string> {
  const id = randomUUID();
  await insertOrderRow(server.db, {
    id,
    userId,
    status: (order.status ?? "paid") as OrderStatus,
    subtotalCents: order.amount ?? 1250,
    amountCents: order.amount ?? 1250,
    platformFeeCents: order.fee ?? 100,
    refundedCents: order.refunded ?? 0,
    currency: order.currency ?? "USD",
    provider: order.provider ?? "test",
    createdAt: new Date(order.paidAt),
    paidAt: new Date(order.paidAt),
  });
  return id;
}

/** A change of an order as the state machine makes it (updated_at = now()). */
const changeOrder = (id: string, status: string, refunded: number) =>
  server.db.execute(
    sql`update orders set status = ${status}, refunded_cents = ${refunded}, updated_at = now() where id = ${id}::uuid`,
  );

const entries = (orderId: string) =>
  rows<{ kind: string; amount_cents: number; available_on: string; payout_id: string | null }>(
    sql`select kind, amount_cents, to_char(available_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as available_on, payout_id
      from test_payout_entries where order_id = ${orderId}::uuid order by created_at, id`,
  );
const payoutsOf = (userId: string) =>
  rows<{ amount_cents: number; payout_date: string; arrival_date: string; status: string }>(
    sql`select amount_cents, to_char(payout_date, 'YYYY-MM-DD') as payout_date, to_char(arrival_date, 'YYYY-MM-DD') as arrival_date, status
      from test_payouts where user_id = ${userId} order by payout_date, id`,
  );

const get = (who: SignedInCreator | null, path: string) =>
  server.request(path, { headers: { cookie: who?.jar.header() ?? "", "x-forwarded-for": who?.ip ?? "203.0.113.9" } });

async function pageText(who: SignedInCreator, path = "/payouts"): Promise<string> {
  const response = await get(who, path);
  expect(response.status).toBe(200);
  // The figures as a reader sees them: tags dropped, entities and whitespace folded.
  return (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  ada = await createSignedInCreator(server, { firstName: "Ada", storeName: "Ada's Atelier" });
  bob = await createSignedInCreator(server, { firstName: "Bob", storeName: "Bob's Booth" });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("the test provider's payout job", () => {
  it("credits each sale once, pays the available balance out on business days once a day, debits refunds and disputes", async () => {
    const seller = randomUUID();
    await server.db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${seller}, 'Cy', ${`cy-${seller}@example.com`}, true)`,
    );
    // Monday: 12.50 with an 8% fee (1.00) → 11.50 net, available the next Monday.
    const monday = await insertOrder(seller, { paidAt: "2027-03-01T10:00:00Z" });
    // Not the test provider's: Stripe keeps its own balance.
    const stripeOrder = await insertOrder(seller, { paidAt: "2027-03-01T10:00:00Z", provider: "stripe" });
    // Pending orders are not money yet.
    await server.db.execute(sql`
      insert into orders (user_id, customer_email, status, amount_cents, currency, provider) values (${seller}, 'x@example.com', 'pending', 999, 'USD', 'test')`);

    const first = await run("2027-03-01T12:00:00Z");
    expect(first.ran).toBe(true);
    expect(await entries(monday)).toEqual([
      { kind: "sale", amount_cents: 1150, available_on: "2027-03-08T00:00:00Z", payout_id: null },
    ]);
    expect(await entries(stripeOrder)).toEqual([]);
    expect(await payoutsOf(seller)).toEqual([]);

    // Run again (and twice at once: one instance at a time): nothing is booked twice.
    await Promise.all([run("2027-03-01T12:01:00Z"), run("2027-03-01T12:01:00Z")]);
    await run("2027-03-05T12:00:00Z");
    expect(await entries(monday)).toHaveLength(1);
    expect(await payoutsOf(seller)).toEqual([]);

    // Tuesday: 10.00 with a 0.80 fee → 9.20, available the next Tuesday.
    const tuesday = await insertOrder(seller, { amount: 1000, fee: 80, paidAt: "2027-03-02T09:00:00Z" });
    // The weekend: no payouts.
    await run("2027-03-06T12:00:00Z");
    expect(await payoutsOf(seller)).toEqual([]);

    // Monday 8th: the Monday sale is available and paid out, arriving Tuesday; a second run the same day adds nothing.
    await run("2027-03-08T00:01:00Z");
    await run("2027-03-08T18:00:00Z");
    expect(await payoutsOf(seller)).toEqual([
      { amount_cents: 1150, payout_date: "2027-03-08", arrival_date: "2027-03-09", status: "in_transit" },
    ]);
    expect((await entries(monday))[0]!.payout_id).not.toBeNull();
    // The payout is a security event of its seller (money moves, if only in test mode).
    expect(
      await rows<{ details: Record<string, unknown> }>(
        sql`select details from security_audit where user_id = ${seller} and event_type = 'payout_created'`,
      ),
    ).toEqual([
      {
        details: expect.objectContaining({
          provider: "test",
          amountCents: 1150,
          currency: "USD",
          payoutDate: "2027-03-08",
        }),
      },
    ]);

    // The buyer of the Monday sale gets 5.00 back after the payout: 4.60 is debited at once (the fee's 0.40 comes
    // back).
    await changeOrder(monday, "paid", 500);
    await run("2027-03-08T19:00:00Z");
    expect((await entries(monday)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ["sale", 1150],
      ["refund", -460],
    ]);

    // Tuesday 9th: the Monday payout arrives; the Tuesday sale is available on the 9th: 9.20 − 4.60 = 4.60 is paid out.
    await run("2027-03-09T00:05:00Z");
    expect(await payoutsOf(seller)).toEqual([
      { amount_cents: 1150, payout_date: "2027-03-08", arrival_date: "2027-03-09", status: "paid" },
      { amount_cents: 460, payout_date: "2027-03-09", arrival_date: "2027-03-10", status: "in_transit" },
    ]);
    expect((await entries(tuesday))[0]).toMatchObject({ kind: "sale", amount_cents: 920 });

    // A dispute takes the rest of the Tuesday sale back; winning it gives it back.
    await changeOrder(tuesday, "disputed", 0);
    await run("2027-03-10T08:00:00Z");
    await changeOrder(tuesday, "paid", 0);
    await run("2027-03-10T09:00:00Z");
    expect((await entries(tuesday)).map((e) => [e.kind, e.amount_cents])).toEqual([
      ["sale", 920],
      ["dispute", -920],
      ["dispute_won", 920],
    ]);
    // Every order's entries add up to its net now; everything owed is in a payout or waiting for one.
    const [totals] = await rows<{ booked: number }>(
      sql`select sum(amount_cents)::int as booked from test_payout_entries where user_id = ${seller}`,
    );
    expect(totals!.booked).toBe(690 + 920);
  });

  it("nets a refund of money still pending against it: a fully refunded sale is never paid out", async () => {
    const seller = randomUUID();
    await server.db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${seller}, 'Di', ${`di-${seller}@example.com`}, true)`,
    );
    const order = await insertOrder(seller, { paidAt: "2027-03-03T10:00:00Z" });
    await run("2027-03-03T11:00:00Z");
    await changeOrder(order, "refunded", 1250);
    await run("2027-03-04T11:00:00Z");
    expect((await entries(order)).map((e) => [e.kind, e.amount_cents, e.available_on])).toEqual([
      ["sale", 1150, "2027-03-10T00:00:00Z"],
      ["refund", -1150, "2027-03-10T00:00:00Z"],
    ]);
    await run("2027-03-10T00:05:00Z");
    expect(await payoutsOf(seller)).toEqual([]);
  });
});

describe("/payouts", () => {
  it("needs a signed-in creator", async () => {
    const response = await get(null, "/payouts");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?from=%2Fpayouts");
  });

  it("says there are no sales yet, and shows the test provider's empty balance", async () => {
    const text = await pageText(bob);
    expect(text).toContain("No sales yet.");
    expect(text).toContain("Payouts typically within 7 business days.");
    expect(text).toContain("Test provider balance");
    expect(text).toContain("Nothing is waiting to be paid out.");
    expect(text).toContain("No payouts yet.");
  });

  it("shows the creator's own earnings, balance, next payout and payouts (a page at a time), and nothing of another creator's", async () => {
    // Sales as every page counts them: paid and refunded orders from their payment; disputed and pending ones are not
    // earnings.
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000).toISOString();
    await insertOrder(ada.id, { paidAt: ago(40) });
    await insertOrder(ada.id, { paidAt: ago(30), refunded: 500 });
    await insertOrder(ada.id, { status: "refunded", paidAt: ago(20), refunded: 1250 });
    await insertOrder(ada.id, { status: "disputed", paidAt: ago(20) });
    await insertOrder(ada.id, { paidAt: ago(0), amount: 2000, fee: 160 });
    await insertOrder(ada.id, { paidAt: ago(2), currency: "EUR" });
    // Twelve payouts of Ada's: two pages.
    for (let i = 1; i <= 12; i += 1) {
      await server.db.execute(sql`
        insert into test_payouts (user_id, amount_cents, currency, status, payout_date, arrival_date)
        values (${ada.id}, ${i * 100}, 'USD', 'paid', ${`2026-0${1 + Math.floor(i / 10)}-${String((i % 10) + 10).padStart(2, "0")}`}::date,
          ${`2026-0${1 + Math.floor(i / 10)}-${String((i % 10) + 11).padStart(2, "0")}`}::date)`);
    }
    await runTestPayouts(server.sourceServices());

    const text = await pageText(ada);
    // Gross 12.50 + 12.50 + 12.50 + 20.00 = 57.50; refunds 5.00 + 12.50 = 17.50; fees 1.00 + 0.60 + 0 + 1.60 = 3.20;
    // net 36.80.
    expect(text).toContain("Gross sales $57.50");
    expect(text).toContain("Refunds −$17.50");
    expect(text).toContain("Sellkit fees −$3.20");
    expect(text).toContain("Net earnings $36.80");
    expect(text).toContain("4 orders paid");
    expect(text).toContain("1 order in another currency is not included.");
    // Today's sale (18.40 net) is still pending; the next payout is the day it becomes available.
    expect(text).toMatch(/Pending \(USD\) \$18\.40|Pending \$18\.40/);
    expect(text).toContain("Next payout:");
    expect(text).toContain("Test provider payouts, newest first");
    expect(text).toContain("$12.00");
    expect(text).not.toContain("$2.00");
    const html = await (await get(ada, "/payouts")).text();
    const older = /href="(\/payouts\?after=[^"]+)"[^>]*>Older payouts/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(older).toBeTruthy();
    const second = await pageText(ada, older!);
    expect(second).toContain("$2.00");
    expect(second).toContain("$1.00");
    expect(second).not.toContain("$12.00");
    expect(second).toContain("Latest payouts");

    // Bob sees none of it.
    const bobs = await pageText(bob);
    expect(bobs).toContain("No sales yet.");
    expect(bobs).not.toContain("$57.50");
    expect(bobs).not.toContain("$12.00");
  });

  it("is live: a change after the job's last run shows at once, and the book the job keeps matches every order summed", async () => {
    const refundedNow = await insertOrder(ada.id, {
      paidAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      amount: 1000,
      fee: 80,
    });
    await runTestPayouts(server.sourceServices());
    expect(await pageText(ada)).toContain("Net earnings $46.00");
    // Refunded in full after the run: the page says so before the next run.
    await changeOrder(refundedNow, "refunded", 1000);
    const live = await pageText(ada);
    expect(live).toContain("Gross sales $67.50");
    expect(live).toContain("Refunds −$27.50");
    expect(live).toContain("Net earnings $36.80");
    await runTestPayouts(server.sourceServices());
    expect(await pageText(ada)).toContain("Net earnings $36.80");
    // The book equals summing every order, for every seller and provider.
    const [mismatch] = await rows<{ n: number }>(sql`
      with summed as (
        select o.user_id, coalesce(o.provider, 'none') as provider, o.currency, count(*) as orders,
          sum(o.amount_cents) as gross, sum(o.refunded_cents) as refunds
        from orders o where o.status in ('paid', 'refunded') and o.paid_at is not null group by 1, 2, 3
      )
      select count(*)::int as n from summed s full join (select * from seller_earnings where orders <> 0
        or gross_cents <> 0 or refunds_cents <> 0 or fees_cents <> 0) e
        using (user_id, provider, currency)
      where s.orders is distinct from e.orders or s.gross is distinct from e.gross_cents or s.refunds is distinct from e.refunds_cents`);
    expect(mismatch!.n).toBe(0);
  });

  it("ignores a malformed page cursor", async () => {
    const text = await pageText(ada, "/payouts?after=nonsense&stripe_after=%27%3B--");
    expect(text).toContain("Net earnings $36.80");
  });
});
