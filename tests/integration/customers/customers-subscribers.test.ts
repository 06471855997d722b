import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerSubscribers } from "~/domains/customers/tables.server";
import { confirmSubscription } from "~/domains/customers/server/confirm-subscription.server";
import { requestSubscription } from "~/domains/customers/server/request-subscription.server";
import { unsubscribeCustomer } from "~/domains/customers/server/unsubscribe-customer.server";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";
import { insertOrder } from "../../support/order-rows";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The customers page's Subscribers view against the built app: the seller's own sign-ups only, newest first, with
// their consent and unsubscribed state, a keyset pager, an empty state, and a buyer's page naming their sign-up.

let server: TestServer;
let seller: SignedInCreator;
let other: SignedInCreator;

const CONSENT = "I agree to get news by email; I can unsubscribe at any time.";

const get = (who: SignedInCreator | null, path: string) =>
  server.request(path, {
    headers: { cookie: who?.jar.header() ?? "", "x-forwarded-for": who?.ip ?? "203.0.113.9" },
  });

async function pageText(who: SignedInCreator, path: string): Promise<string> {
  const response = await get(who, path);
  expect(response.status).toBe(200);
  return response.text();
}

/** The subscribers' emails in the table, in order. */
const subscriberEmails = (html: string) =>
  [...html.matchAll(/<td class="break-all[^"]*">([^<]+@example\.com)<\/td>/g)].map((match) => match[1]!);

async function subscribe(sellerId: string, email: string, at: string) {
  await server.db.insert(customerSubscribers).values({
    sellerId,
    email,
    source: "bio",
    consentText: CONSENT,
    consentedAt: new Date(at),
    unsubscribeTokenHash: randomUUID(),
  });
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  seller = await createSignedInCreator(server, { firstName: "Ada" });
  other = await createSignedInCreator(server, { firstName: "Grace" });
  await subscribe(seller.id, "older@example.com", "2026-01-01T10:00:00Z");
  // Signed up and confirmed through the real verbs, then left by the one-click link.
  const request = { sellerId: seller.id, source: "bio", consentText: CONSENT };
  const { token } = await requestSubscription(server.db, { ...request, email: "leaver@example.com" });
  const confirmed = await confirmSubscription(server.db, { sellerId: seller.id, token: token! }, {});
  if (!confirmed.ok || !confirmed.unsubscribeToken) throw new Error("not confirmed");
  expect(await unsubscribeCustomer(server.db, confirmed.unsubscribeToken)).toMatchObject({ ok: true });
  // Signed up, never confirmed: not a subscriber.
  await requestSubscription(server.db, { ...request, email: "waiting@example.com" });
  await subscribe(seller.id, "buyer@example.com", "2026-02-01T10:00:00Z");
  await subscribe(other.id, "someone-elses@example.com", "2026-03-01T10:00:00Z");
  const order = randomUUID();
  await insertOrder(server.db, {
    id: order,
    userId: seller.id,
    productName: "Field guide",
    customerEmail: "buyer@example.com",
    status: "paid",
    subtotalCents: 1000,
    discountCents: 0,
    amountCents: 1000,
    platformFeeCents: 80,
    refundedCents: 0,
    currency: "USD",
    discountCode: null,
    provider: "test",
    createdAt: new Date("2026-02-02T10:00:00Z"),
    paidAt: new Date("2026-02-02T10:00:00Z"),
  });
  await refreshCustomerTotals(server.db, order);
});
afterAll(async () => {
  await server?.stop();
});

describe("the subscribers view", () => {
  it("lists the seller's own subscribers, newest first, with source, consent and unsubscribed state", async () => {
    const html = await pageText(seller, "/customers?view=subscribers");
    expect(subscriberEmails(html)).toEqual(["leaver@example.com", "buyer@example.com", "older@example.com"]);
    expect(html).not.toContain("someone-elses@example.com");
    expect(html).toContain("Link in bio");
    expect(html).toContain("I can unsubscribe at any time.");
    const leaverRow = html.slice(html.indexOf("leaver@example.com"), html.indexOf("buyer@example.com"));
    expect(leaverRow).toContain("Unsubscribed");
    const buyerRow = html.slice(html.indexOf("buyer@example.com"), html.indexOf("older@example.com"));
    expect(buyerRow).toContain(">Subscribed<");
    expect(buyerRow).not.toContain("Unsubscribed");
    expect(html).toContain('aria-current="page"');
  });

  it("counts sign-ups waiting for confirmation apart: never listed as subscribers, never exported", async () => {
    const html = await pageText(seller, "/customers?view=subscribers");
    expect(html).toContain(
      "1 sign-up is waiting for confirmation: it joins your subscribers once its owner opens the link we emailed.",
    );
    expect(html).not.toContain("waiting@example.com");
    expect(await (await get(seller, "/customers/subscribers.csv")).text()).not.toContain("waiting@example.com");
    expect(await pageText(other, "/customers?view=subscribers")).not.toContain("waiting for confirmation");
  });

  it("shows the other seller only their own subscriber", async () => {
    const html = await pageText(other, "/customers?view=subscribers");
    expect(subscriberEmails(html)).toEqual(["someone-elses@example.com"]);
  });

  it("keeps the customers view as it was, with a link to the subscribers view", async () => {
    const html = await pageText(seller, "/customers");
    expect(html).toContain("Everyone who paid for your products");
    expect(html).toContain('href="/customers?view=subscribers"');
    expect(html).not.toContain("older@example.com");
  });

  it("has an empty state", async () => {
    const store = await createSignedInCreator(server, { firstName: "Pat" });
    expect(await pageText(store, "/customers?view=subscribers")).toContain("No subscribers yet");
  });

  it("pages with a keyset cursor: 30 subscribers in two pages, none twice, none missed; a bad cursor is the first page", async () => {
    const store = await createSignedInCreator(server, { firstName: "Kim" });
    for (let i = 0; i < 30; i++)
      await subscribe(
        store.id,
        `fan${String(i).padStart(2, "0")}@example.com`,
        `2026-03-01T10:${String(i % 3).padStart(2, "0")}:00Z`,
      );
    const seen: string[] = [];
    let path: string | null = "/customers?view=subscribers";
    let pages = 0;
    while (path) {
      const html = await pageText(store, path);
      seen.push(...subscriberEmails(html));
      const next = /href="(\/customers\?view=subscribers&amp;after=[^"]+)"[^>]*>Next subscribers/.exec(html)?.[1];
      path = next ? next.replaceAll("&amp;", "&") : null;
      pages++;
    }
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(30);
    expect(seen).toHaveLength(30);
    const bad = await pageText(store, "/customers?view=subscribers&after=nonsense%00~x");
    expect(subscriberEmails(bad)).toHaveLength(25);
  });

  it("names a buyer's sign-up on their customer page", async () => {
    const html = await pageText(seller, `/customers/${encodeURIComponent("buyer@example.com")}`);
    expect(html).toContain("Subscriber since");
    expect(html).toContain("Link in bio");
  });

  it("exports the seller's own subscribers as CSV, newest first, unsubscribed ones with the time they left", async () => {
    const html = await pageText(seller, "/customers?view=subscribers");
    expect(html).toContain('href="/customers/subscribers.csv"');
    const response = await get(seller, "/customers/subscribers.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("email,source,signed_up_utc,signed_up_local (UTC),consent_text,unsubscribed_utc");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      "leaver@example.com",
      "buyer@example.com",
      "older@example.com",
    ]);
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lines[2]).toBe(`buyer@example.com,bio,2026-02-01T10:00:00Z,2026-02-01T10:00:00,${CONSENT},`);
    const theirs = await (await get(other, "/customers/subscribers.csv")).text();
    expect(theirs).toContain("someone-elses@example.com");
    expect(theirs).not.toContain("buyer@example.com");
    expect((await get(null, "/customers/subscribers.csv")).status).toBe(303);
  });

  it("is the seller's own: signed out, it sends to sign in", async () => {
    const response = await get(null, "/customers?view=subscribers");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth?from=");
  });
});
