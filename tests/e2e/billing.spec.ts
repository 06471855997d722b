import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser on the built-in test provider: a new creator picks Pro (trial without a card), sees the trial
// banner count down, moves the test clock past day 14 with no card and is back on Starter paying 8% on the next
// sale; another subscribes to Business through the TEST MODE checkout (a declined card first), schedules a
// downgrade with its suspension notice, then a failed renewal goes past due and lapses after the grace period.
// axe on the billing page, the TEST MODE checkout and portal.

const banner = (page: Page) => page.getByRole("region", { name: "Billing" });
const planSummary = (page: Page) => page.getByRole("region", { name: "Your plan" });

/** Opens the TEST MODE portal from the billing page and moves the test clock forward by `days`. */
async function moveClock(page: Page, days: number) {
  await page.goto("/settings/billing");
  await planSummary(page)
    .getByRole("button", { name: /^(Add a card|Update card)$/ })
    .click();
  await expect(page).toHaveURL(/\/billing\/test\/portal/);
  await page.getByLabel("Days to move forward").fill(String(days));
  await page.getByRole("button", { name: "Move clock" }).click();
  await expect(page.getByText(`Test clock moved forward ${days} days`)).toBeVisible();
}

test("Pro trial: toast and banner, the billing page, day 15 without a card is Starter again at 8%", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page);
  await page.goto("/choose-plan");
  await page.getByRole("button", { name: "Choose Pro" }).click();
  await expect(page.getByText("Pro plan selected!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await expect(banner(page)).toContainText("Your Pro trial ends in 14 days");
  await expect(banner(page).getByRole("button", { name: "Add a card" })).toBeVisible();

  await page.goto("/settings/billing");
  await expect(planSummary(page)).toContainText("Pro");
  await expect(planSummary(page)).toContainText("Pro trial: 14 days left");
  await expect(planSummary(page)).toContainText("None scheduled");
  await expect(page.getByRole("list").filter({ hasText: "Pro trial started" })).toBeVisible();
  await expectNoViolations(page);
  // A phone's width: nothing wider than the screen, and still no violation.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The banner's button opens the TEST MODE portal; its clock counts the banner down.
  await banner(page).getByRole("button", { name: "Add a card" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/portal/);
  await expect(page.getByText("TEST MODE").first()).toBeVisible();
  await expect(page.getByText("No card on file.")).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "+1 day" }).click();
  await expect(page.getByText("Test clock moved forward 1 day")).toBeVisible();
  await page.goto("/dashboard");
  await expect(banner(page)).toContainText("Your Pro trial ends in 13 days");

  await moveClock(page, 15);
  await page.getByRole("link", { name: "Back to Sellkit" }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(planSummary(page).getByRole("definition").first()).toHaveText("Starter");
  await expect(planSummary(page)).toContainText(/Ended|Lapsed/);
  await expect(banner(page)).toHaveCount(0);

  // The next sale pays Starter's 8% fee.
  const { buyPath } = await publishProductDirectly(app, creator.id, { priceCents: 1250 });
  const buyer = await browser.newContext({ baseURL: app.origin });
  const { orderId } = await buyWithTestCard(await buyer.newPage(), buyPath, uniqueEmail("buyer"));
  await buyer.close();
  const fee = await app.pool.query(`select platform_fee_cents from orders where id = $1`, [orderId]);
  expect(fee.rows[0]).toEqual({ platform_fee_cents: 100 });
});

test("Business by checkout: declined then paid, downgrade notice, failed renewal, past due, lapsed", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await createCreator(page);
  await page.goto("/choose-plan");
  await page.getByRole("button", { name: "Choose Business" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/checkout\//);
  await expect(page).toHaveTitle(/^TEST MODE/);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribe to Business" })).toBeVisible();
  await expect(page.getByText("€49.00 a month")).toBeVisible();
  await expect(page.getByText("4242 4242 4242 4242: Pays")).toBeVisible();
  await expectNoViolations(page);

  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/choose-plan\?checkout=business$/);
  await expect(page.getByRole("status").filter({ hasText: "Business plan selected!" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await page.goto("/settings/billing");
  await expect(planSummary(page).getByRole("definition").first()).toHaveText("Business");
  await expect(planSummary(page)).toContainText("Active: renews on");
  await expect(planSummary(page)).toContainText("€49.00 on");
  const invoices = page.getByRole("region", { name: "Invoices" });
  await expect(invoices).toContainText("Business · €49.00 · Paid");
  await expect(invoices.getByRole("link", { name: /^View invoice/ })).toBeVisible();
  await expectNoViolations(page);

  // A downgrade says what it suspends before it is confirmed.
  await page.getByRole("radio", { name: /^Pro/ }).check();
  const notice = page.getByRole("note");
  await expect(notice).toContainText("What the downgrade to Pro suspends");
  await expect(notice).toContainText("Team members beyond Pro's seats (the owner only) are suspended, not removed.");
  await expect(notice).toContainText("Your API keys stop working.");
  await expect(notice).toContainText("Sales tax handling stops; your tax settings are kept.");
  await expect(notice).not.toContainText("custom domain");
  await expect(notice).toContainText("comes back when you upgrade again");
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Downgrade to Pro" }).click();
  await expect(page.getByText("Downgrade to Pro scheduled", { exact: true })).toBeVisible();
  await expect(planSummary(page)).toContainText("Moves to Pro");

  // A declined card is not saved; one whose charges fail is, and the renewal fails: past due, with the banner.
  await planSummary(page).getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/portal/);
  await page.getByLabel(/card number/i).fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: "Replace card" }).click();
  await expect(page.getByRole("alert")).toContainText("Your card was declined");
  await page.getByLabel(/card number/i).fill("4000 0000 0000 0341");
  await page.getByRole("button", { name: "Replace card" }).click();
  await expect(page.getByText("Card saved")).toBeVisible();
  await moveClock(page, 31);
  await page.goto("/settings/billing");
  await expect(planSummary(page)).toContainText("Past due");
  await expect(banner(page)).toContainText("Your last payment failed");
  await expect(banner(page).getByRole("button", { name: "Update card" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Invoices" })).toContainText("Payment failed");

  // Past the grace period the plan lapses to Starter's rules.
  await moveClock(page, 15);
  await page.goto("/settings/billing");
  await expect(planSummary(page).getByRole("definition").first()).toHaveText("Starter");
  await expect(planSummary(page)).toContainText("Lapsed");
  await expect(banner(page)).toHaveCount(0);
});

test("the plan pages' Start buttons: signed out to sign-up with the plan; signed in to the checkout", async ({
  page,
}) => {
  await page.goto("/tier/business");
  await page.getByRole("main").getByRole("link", { name: "Start Business" }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === "/signup?plan=business");
  await createCreator(page);
  await page.goto("/tier/business");
  await page.getByRole("main").getByRole("link", { name: "Start Business" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/checkout\//);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/choose-plan$/);
  await expect(page.getByRole("status")).toHaveCount(0);
});
