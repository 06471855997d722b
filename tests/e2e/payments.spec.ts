import { inTransaction } from "../support/pg-transaction";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { PROVIDER_TEXTS } from "~/domains/payments/content/providers";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// In a browser: a creator connects Stripe from the dashboard (against the worker's Stripe
// stand-in, whose onboarding page plays Stripe's hosted onboarding), comes back pending, finishes, and is ready;
// PayPal, not configured on this server, is shown disabled with the reason. Each change is a security event. Then a
// signed-out buyer pays a ready seller through the stand-in's hosted Checkout page.

const card = (page: Page, name: string) =>
  page.locator("div.rounded-lg", { has: page.getByRole("heading", { level: 2, name, exact: true }) });

test("a creator connects Stripe from the dashboard: pending, then ready, audited", async ({ page, app }) => {
  const creator = await createCreator(page);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Get paid/ }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();

  const stripeCard = card(page, "Stripe");
  await expect(stripeCard.getByText("Not connected")).toBeVisible();
  const paypalCard = card(page, "PayPal");
  await expect(paypalCard.getByText(PROVIDER_TEXTS.paypal.notConfigured)).toBeVisible();
  await expect(paypalCard.getByRole("button", { name: "Connect with PayPal" })).toBeDisabled();
  await expectNoViolations(page);

  // First visit to Stripe's onboarding: the creator leaves before finishing.
  await stripeCard.getByRole("button", { name: "Connect with Stripe" }).click();
  await expect(page.getByRole("heading", { name: "Set up payments with Stripe" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(app.stripe.origin);
  await page.getByRole("button", { name: "Return without finishing" }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByText("Stripe needs a few more details").first()).toBeVisible();
  await expect(card(page, "Stripe").getByText("Pending", { exact: true })).toBeVisible();

  const [account] = [...app.stripe.accounts.values()].filter(
    (a) => (a.metadata as Record<string, string>).user_id === creator.id,
  );
  expect(account).toMatchObject({ email: creator.email, charges_enabled: false });

  // Second visit: the same account, onboarding finished.
  await card(page, "Stripe").getByRole("button", { name: "Continue with Stripe" }).click();
  await expect(page.getByText(`Account ${account!.id}`)).toBeVisible();
  await page.getByRole("button", { name: "Agree and submit" }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByText("Stripe is connected").first()).toBeVisible();
  await expect(card(page, "Stripe").getByText("Ready", { exact: true })).toBeVisible();
  await expect(card(page, "Stripe").getByRole("button", { name: "Update Stripe details" })).toBeVisible();
  await expectNoViolations(page);

  const { rows: stored } = await app.pool.query(
    "select status, external_account_id from payment_accounts where user_id = $1 and provider = 'stripe'",
    [creator.id],
  );
  expect(stored).toEqual([{ status: "ready", external_account_id: account!.id }]);
  const { rows: events } = await app.pool.query(
    "select event_type, details->>'provider' as provider, details->>'to' as to_status from security_audit where user_id = $1 and event_type like 'payment_provider_%' order by created_at",
    [creator.id],
  );
  expect(events).toEqual([
    { event_type: "payment_provider_connected", provider: "stripe", to_status: null },
    { event_type: "payment_provider_status_changed", provider: "stripe", to_status: "ready" },
  ]);
});

test("the payments page works on a phone, by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await createCreator(page);
  await page.goto("/payments");
  const connect = page.getByRole("button", { name: "Connect with Stripe" });
  await connect.focus();
  await expect(connect).toBeFocused();
  await expect(connect).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Set up payments with Stripe" })).toBeVisible();
});

/**
 * A seller whose Stripe account is ready, with one published product of 19.00 USD, made directly (the test is about the
 * buyer).
 */
async function sellerReadyAtStripe(app: WorkerApp) {
  const id = randomUUID();
  const handle = `shop-${id.slice(0, 8)}`;
  // The connected account, made at the stand-in as the connect verb makes it, then onboarded.
  const created = await fetch(`${app.stripe.origin}/v1/accounts`, {
    method: "POST",
    headers: { authorization: `Bearer ${app.stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      "controller[stripe_dashboard][type]": "express",
      "capabilities[card_payments][requested]": "true",
      "capabilities[transfers][requested]": "true",
      email: `seller-${id}@example.com`,
    }),
  });
  const accountId = ((await created.json()) as { id: string }).id;
  await app.stripe.completeOnboarding(accountId);
  await inTransaction(app.pool, async (client) => {
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, 'Ada Lovelace', $2, true)`, [
      id,
      `seller-${id}@example.com`,
    ]);
    await client.query(`insert into profiles (user_id, first_name, last_name) values ($1, 'Ada', 'Lovelace')`, [id]);
    await client.query(
      `insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, phone, preferred_delivery, preferred_payment, terms_accepted_at)
       values ($1, 'Ada''s Atelier', 'Field guides', array['online_store'], 'Hikers', '+420 777 123 456', array['digital'], array['card'], now())`,
      [id],
    );
    await client.query(`insert into storefronts (user_id, handle) values ($1, $2)`, [id, handle]);
    await client.query(
      `insert into products (id, user_id, name, slug, price_cents, currency, status, published_at) values ($1, $2, 'Field Guide', 'field-guide', 1900, 'USD', 'published', now())`,
      [randomUUID(), id],
    );
    await client.query(
      `insert into payment_accounts (user_id, provider, external_account_id, status) values ($1, 'stripe', $2, 'ready')`,
      [id, accountId],
    );
  });
  return { id, handle, accountId };
}

test("a signed-out buyer pays through Stripe's hosted page and lands on the return page with the order paid", async ({
  page,
  app,
}) => {
  test.setTimeout(60_000);
  app.stripe.webhookUrl = `${app.origin}/api/webhooks/stripe`;
  const seller = await sellerReadyAtStripe(app);
  const email = `stripe-buyer-${seller.id.slice(0, 8)}@example.com`;

  await page.goto(`/s/${seller.handle}/field-guide/buy`);
  await page.getByLabel("Email").fill(email);
  // The form posts to our server, whose answer redirects to Stripe's page: the CSP's form-action must allow it.
  await page.getByRole("button", { name: "Pay with card", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Pay Field Guide" })).toBeVisible();
  const hosted = new URL(page.url());
  expect(hosted.origin).toBe(app.stripe.origin);
  expect(hosted.pathname).toMatch(/^\/c\/pay\/cs_test_/);
  const session = app.stripe.sessions.get(hosted.pathname.split("/").pop()!)!;
  expect(session).toMatchObject({ amount_total: 1900, currency: "usd", customer_email: email });

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(app.origin);
  await expect(page.getByText(`Your receipt is on its way to ${email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download your files" })).toBeVisible();
  await expectNoViolations(page);

  const { rows } = await app.pool.query(
    "select status, provider, provider_payment_id from orders where customer_email = $1",
    [email],
  );
  expect(rows).toEqual([{ status: "paid", provider: "stripe", provider_payment_id: session.payment_intent }]);
  const { rows: webhooks } = await app.pool.query(
    "select type, error from webhook_events where provider = 'stripe' and payload->'data'->'object'->>'id' = $1",
    [session.id],
  );
  expect(webhooks).toEqual([{ type: "checkout.session.completed", error: null }]);
});
