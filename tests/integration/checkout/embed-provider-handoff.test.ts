import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { type StripeStandIn, startStripeStandIn } from "../../support/stripe-stand-in";
import { startTestServer, type TestServer } from "../../support/test-server";

// Stripe's hosted page refuses to be framed: an embed-mode checkout paid through Stripe sends the frame to the
// order's return page (still in embed mode), which offers Stripe's page in a new tab and waits for the payment.

const SITE = "https://shop-a.example";

let stripe: StripeStandIn;
let server: TestServer;
let seller: Seller;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({ TRUSTED_PROXIES: "loopback", ...stripe.env });
  seller = await createSeller(server.db, { priceCents: 900 });
  const created = await fetch(`${stripe.origin}/v1/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      "controller[stripe_dashboard][type]": "express",
      "capabilities[card_payments][requested]": "true",
      "capabilities[transfers][requested]": "true",
      email: `seller-${seller.id}@example.com`,
    }),
  });
  const accountId = ((await created.json()) as { id: string }).id;
  await stripe.completeOnboarding(accountId);
  await server.db.execute(
    sql`insert into payment_accounts (user_id, provider, external_account_id, status) values (${seller.id}, 'stripe', ${accountId}, 'ready')`,
  );
  await server.db.execute(
    sql`insert into sales_methods (id, user_id, method, settings) values (${randomUUID()}::uuid, ${seller.id}, 'existing_website', ${JSON.stringify({ websiteUrl: SITE })}::jsonb)`,
  );
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

describe("an embed-mode checkout paid through a provider that refuses frames", () => {
  it("goes to the framed return page, which opens the provider's page in a new tab", async () => {
    const buyPath = `/s/${seller.handle}/${seller.slug}/buy?embed=1&host=${encodeURIComponent(SITE)}`;
    const started = await postForm(
      server,
      buyPath,
      { provider: "stripe", email: "framed@example.com" },
      { ip: "10.9.8.5" },
    );
    expect(started.status, await started.clone().text()).toBe(302);
    const location = new URL(started.headers.get("location")!);
    expect(location.pathname).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    expect(location.searchParams.get("host")).toBe(SITE);
    const pay = location.searchParams.get("pay")!;
    expect(new URL(pay).origin).toBe(stripe.origin);

    const page = await server.request(`${location.pathname}${location.search}`);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${SITE}`);
    const html = await page.text();
    expect(html).toContain("Confirming your payment…");
    expect(html).toMatch(/<a href="[^"]+" target="_blank" rel="noopener noreferrer"[^>]*>Pay in a new tab<\/a>/);
    expect(html).toContain(`href="${pay.replace(/&/g, "&amp;")}"`);

    // A page of any other origin given as `pay` is never linked.
    location.searchParams.set("pay", "https://evil.example/c/pay/cs_test_1");
    const forged = await (await server.request(`${location.pathname}${location.search}`)).text();
    expect(forged).toContain("Confirming your payment…");
    expect(forged).not.toContain("Pay in a new tab");
    expect(forged).not.toMatch(/<a href="https:\/\/evil\.example/);
  });

  it("outside embed mode the buyer still goes straight to the provider's page", async () => {
    const started = await postForm(
      server,
      `/s/${seller.handle}/${seller.slug}/buy`,
      { provider: "stripe", email: "plain@example.com" },
      { ip: "10.9.8.4" },
    );
    expect(started.status).toBe(302);
    expect(new URL(started.headers.get("location")!).origin).toBe(stripe.origin);
  });
});
