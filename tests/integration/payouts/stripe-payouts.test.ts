import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaymentProvider, PayoutsReadError } from "~/domains/payments/server/payment-provider.server";
import { createStripeProvider } from "~/domains/payments/server/stripe-provider.server";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// A creator's Stripe balance and payouts, read from their connected account (GET /v1/balance and
// GET /v1/payouts with the Stripe-Account header) against the Stripe stand-in: the provider's reads and their
// pagination and errors, then the /payouts page — figures read now and said when, pages of payouts, an outage
// or a refused account shown as a message with the rest of the page whole, and only the creator's own account.

let mail: MailCatcher;
let stripe: StripeStandIn;
let server: TestServer;
let provider: PaymentProvider;
let ada: SignedInCreator;
let bob: SignedInCreator;
let account: string;

const DAY = 86_400_000;
const at = (day: string) => new Date(`${day}T00:00:00Z`);

function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");
}

const get = (who: SignedInCreator, path: string) =>
  server.request(path, { headers: { cookie: who.jar.header(), "x-forwarded-for": who.ip } });

async function page(who: SignedInCreator, path = "/payouts") {
  const response = await get(who, path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, text: text(html) };
}

beforeAll(async () => {
  mail = await startMailCatcher();
  stripe = await startStripeStandIn();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", ...stripe.env });
  provider = createStripeProvider(stripe.env as never)!;
  ada = await createSignedInCreator(server, { firstName: "Ada" });
  bob = await createSignedInCreator(server, { firstName: "Bob" });
  account = (await provider.onboarding!.createAccount({ userId: ada.id, email: ada.email })).accountId;
  await stripe.completeOnboarding(account);
  await server.db.execute(
    sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${ada.id}, 'stripe', ${account}, 'ready')`,
  );
  stripe.setBalance(account, {
    available: [{ amount: 25_000, currency: "usd" }],
    pending: [{ amount: 4_210, currency: "usd" }],
  });
  // Twelve payouts, one a day: eleven paid, the newest on its way.
  const first = at("2027-02-01").getTime();
  for (let i = 0; i < 12; i += 1) {
    stripe.addPayout(account, {
      amount: (i + 1) * 1_000,
      currency: "usd",
      status: i === 11 ? "in_transit" : "paid",
      created: new Date(first + i * DAY),
      arrivalDate: new Date(first + (i + 2) * DAY),
    });
  }
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await mail?.stop();
});

describe("the Stripe provider's payout reads", () => {
  it("reads the connected account's balance with its Stripe-Account header", async () => {
    expect(await provider.payouts!.balance(account)).toEqual({
      pending: [{ amountCents: 4_210, currency: "USD" }],
      available: [{ amountCents: 25_000, currency: "USD" }],
    });
    const request = stripe.requests.at(-1)!;
    expect(request).toMatchObject({ method: "GET", path: "/v1/balance", stripeAccount: account });
  });

  it("lists payouts newest first, a page at a time (has_more, starting_after)", async () => {
    const first = await provider.payouts!.listPayouts(account, { limit: 10 });
    expect(first.payouts).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(first.payouts[0]).toMatchObject({
      amountCents: 12_000,
      currency: "USD",
      status: "in_transit",
      arrivalDate: at("2027-02-14"),
    });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: "/v1/payouts",
      params: { limit: "10" },
      stripeAccount: account,
    });
    const second = await provider.payouts!.listPayouts(account, { limit: 10, startingAfter: first.payouts.at(-1)!.id });
    expect(second.payouts.map((payout) => payout.amountCents)).toEqual([2_000, 1_000]);
    expect(second.hasMore).toBe(false);
    expect(stripe.requests.at(-1)!.params).toEqual({ limit: "10", starting_after: first.payouts.at(-1)!.id });
  });

  it("throws a refusal for an unknown cursor or account, and an outage as unreachable", async () => {
    await expect(
      provider.payouts!.listPayouts(account, { limit: 10, startingAfter: "po_unknown" }),
    ).rejects.toMatchObject({ reason: "refused" });
    await expect(provider.payouts!.balance("acct_1NotConnected00")).rejects.toMatchObject({ reason: "refused" });
    stripe.outage = true;
    try {
      const failure = await provider.payouts!.balance(account).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PayoutsReadError);
      expect(failure).toMatchObject({ reason: "unreachable" });
    } finally {
      stripe.outage = false;
    }
  });
});

describe("/payouts with Stripe", () => {
  it("shows the balance, the next payout and the payouts read from Stripe now, a page at a time", async () => {
    const before = stripe.requests.length;
    const { html, text: shown } = await page(ada);
    const asked = stripe.requests.slice(before);
    expect(asked.map((request) => `${request.method} ${request.path} ${request.stripeAccount}`).sort()).toEqual([
      `GET /v1/balance ${account}`,
      `GET /v1/payouts ${account}`,
    ]);
    expect(shown).toContain("Pending $42.10");
    expect(shown).toContain("Available $250.00");
    expect(shown).toContain("Next payout: $120.00, arriving Sun, Feb 14, 2027.");
    expect(shown).toContain("Stripe payouts, newest first");
    expect(shown).toContain("In transit");
    expect(shown).toContain("$30.00");
    expect(shown).not.toContain("$20.00");
    expect(shown).toMatch(/Read from Stripe at .+ Reload the page for the latest figures\./);
    // The account id stays on the server.
    expect(html).not.toContain(account);

    const older = /href="(\/payouts\?stripe_after=po_[A-Za-z0-9]+)"[^>]*>Older Stripe payouts/.exec(html)?.[1];
    expect(older).toBeTruthy();
    const second = await page(ada, older!);
    expect(second.text).toContain("$20.00");
    expect(second.text).toContain("$10.00");
    expect(second.text).not.toContain("$120.00 ");
    expect(second.text).toContain("Latest Stripe payouts");
  });

  it("says so when Stripe is down, and still shows the rest of the page", async () => {
    stripe.outage = true;
    try {
      const { text: shown } = await page(ada);
      expect(shown).toContain(
        "Stripe could not be reached just now, so your Stripe balance and payouts are not shown.",
      );
      expect(shown).toContain("No sales yet.");
      expect(shown).toContain("Test provider balance");
    } finally {
      stripe.outage = false;
    }
  });

  it("says so when Stripe refuses the account; a creator without Stripe is never read from it", async () => {
    const before = stripe.requests.length;
    const { text: bobs } = await page(bob);
    expect(stripe.requests.length).toBe(before);
    expect(bobs).not.toContain("Stripe payouts");
    expect(bobs).not.toContain("$250.00");

    await server.db.execute(
      sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${bob.id}, 'stripe', 'acct_1RevokedAccess0', 'ready')`,
    );
    const { text: refused } = await page(bob);
    expect(refused).toContain("Stripe did not let Sellkit read this account's balance and payouts.");
    expect(refused).not.toContain("$250.00");
    expect(stripe.requests.slice(before).every((request) => request.stripeAccount === "acct_1RevokedAccess0")).toBe(
      true,
    );
  });
});
