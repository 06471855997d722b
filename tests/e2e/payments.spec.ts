import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PROVIDER_TEXTS } from "~/features/payments/content/providers";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// Issue 15.6/15.7 in a browser: a creator connects Stripe from the dashboard (against the worker's Stripe
// stand-in, whose onboarding page plays Stripe's hosted onboarding), comes back pending, finishes, and is ready;
// PayPal, not configured on this server, is shown disabled with the reason. Each change is a security event.

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .exclude("[data-sonner-toaster]")
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const card = (page: Page, name: string) => page.locator("div.rounded-lg", { has: page.getByRole("heading", { level: 2, name, exact: true }) });

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

  const [account] = [...app.stripe.accounts.values()].filter((a) => (a.metadata as Record<string, string>).user_id === creator.id);
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

  const { rows: stored } = await app.pool.query("select status, external_account_id from payment_accounts where user_id = $1 and provider = 'stripe'", [
    creator.id,
  ]);
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Set up payments with Stripe" })).toBeVisible();
});
