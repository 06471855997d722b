import type { Page } from "@playwright/test";
import pino from "pino";
import { openDatabase } from "~/db/open-database.server";
import {
  addBusinessDays,
  dayKeyOf,
  nextBusinessDay,
  startOfDay,
  TEST_PAYOUT_DELAY_BUSINESS_DAYS,
} from "~/domains/payouts/ledger-rules";
import { formatDay } from "~/domains/payouts/payouts-display";
import { runTestPayouts } from "~/domains/payouts/server/run-test-payouts.server";
import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// In a real browser: after a purchase made through the UI with the test provider's card, the creator
// opens Payouts from the Payments page: the earnings (gross, Sellkit's fee, net), the test provider's pending
// balance and the next payout within the promised 7 business days; once the payout job has paid it out (one run of
// the job the server runs every minute, with a clock past the payout day), the payout in the list. axe in both
// colour schemes, a phone-sized screen, the empty state of a new creator, and the link from the orders page.

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * One run of the server's payout job against the worker's database at `now` (retried while the server's own run holds
 * the lock).
 */
async function runPayoutJob(app: WorkerApp, now: Date) {
  const handle = await openDatabase({ kind: "postgres", url: app.databaseUrl });
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if ((await runTestPayouts({ db: handle.db, logger: pino({ level: "silent" }) }, now)).ran) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the payout job never got its lock");
  } finally {
    await handle.close();
  }
}

test("after a test-provider purchase, the creator sees their earnings, pending balance, next payout and then the payout", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier" });
  const { buyPath } = await publishProductDirectly(app, creator.id, { name: "Field Guide", priceCents: 1250 });
  const buyer = await browser.newContext();
  try {
    await buyWithTestCard(await buyer.newPage(), buyPath, uniqueEmail("payout-buyer"));
  } finally {
    await buyer.close();
  }
  const paidAt = new Date();
  await runPayoutJob(app, paidAt);

  // From the Payments page.
  await page.goto("/payments");
  await page.getByRole("link", { name: "View payouts" }).click();
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByText("Payouts typically within 7 business days.")).toBeVisible();
  await expect(page.getByLabel("Earnings").getByText("Gross sales")).toBeVisible();
  await expect(page.getByLabel("Earnings")).toContainText("Gross sales$12.50");
  await expect(page.getByLabel("Earnings")).toContainText("Sellkit fees−$1.00");
  await expect(page.getByLabel("Earnings")).toContainText("Net earnings$11.50");
  // The sale's net is pending until it is available, then paid out the next business day's morning.
  await expect(page.getByLabel("Test provider balance")).toContainText("Pending$11.50");
  await expect(page.getByLabel("Test provider balance")).toContainText("Available$0.00");
  const availableDay = addBusinessDays(dayKeyOf(paidAt), TEST_PAYOUT_DELAY_BUSINESS_DAYS);
  await expect(
    page.getByText(
      `Next payout: $11.50 on ${formatDay(availableDay)}, arriving ${formatDay(nextBusinessDay(availableDay))}.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("No payouts yet.")).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page, { colours: scheme === "dark" });
  }

  // The payout day comes: the job pays the balance out; the list shows it on its way.
  await runPayoutJob(app, new Date(startOfDay(availableDay).getTime() + 60_000));
  await page.reload();
  const payouts = page.getByRole("table", { name: "Test provider payouts, newest first" });
  await expect(payouts.locator("tbody tr")).toHaveCount(1);
  await expect(payouts.locator("tbody tr")).toContainText(formatDay(nextBusinessDay(availableDay)));
  await expect(payouts.locator("tbody tr")).toContainText("$11.50");
  await expect(payouts.locator("tbody tr")).toContainText("In transit");
  await expect(page.getByText("Nothing is waiting to be paid out.")).toBeVisible();

  // A phone-sized screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoViolations(page);

  // Also reachable from the orders page.
  await page.goto("/orders");
  await page.getByRole("link", { name: "View payouts" }).click();
  await expect(page).toHaveURL(/\/payouts$/);
});

test("a new creator's payouts page says there are no sales yet", async ({ page }) => {
  await createCreator(page, { storeName: "Bob's Books" });
  await page.goto("/payouts");
  await expect(
    page.getByText("No sales yet. When buyers pay for your products, what you earned and your payouts appear here."),
  ).toBeVisible();
  await expect(page.getByText("Nothing is waiting to be paid out.")).toBeVisible();
  await expectNoViolations(page);
});

test("a creator with Stripe sees Stripe's balance and payouts, and a clear message while Stripe is down", async ({
  page,
  app,
}) => {
  const creator = await createCreator(page, { storeName: "Cy's Cards" });
  const account = `acct_1${creator.id.replace(/-/g, "").slice(0, 15)}`;
  app.stripe.accounts.set(account, {
    id: account,
    object: "account",
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
  });
  await app.pool.query(
    `insert into payment_accounts (user_id, provider, external_account_id, status) values ($1, 'stripe', $2, 'ready')`,
    [creator.id, account],
  );
  app.stripe.setBalance(account, {
    available: [{ amount: 8_000, currency: "usd" }],
    pending: [{ amount: 1_234, currency: "usd" }],
  });
  app.stripe.addPayout(account, {
    amount: 5_000,
    currency: "usd",
    status: "paid",
    created: new Date("2027-03-01T00:00:00Z"),
    arrivalDate: new Date("2027-03-03T00:00:00Z"),
  });
  app.stripe.addPayout(account, {
    amount: 7_500,
    currency: "usd",
    status: "in_transit",
    created: new Date("2027-03-08T00:00:00Z"),
    arrivalDate: new Date("2027-03-10T00:00:00Z"),
  });

  await page.goto("/payouts");
  await expect(page.getByLabel("Stripe balance")).toContainText("Pending$12.34");
  await expect(page.getByLabel("Stripe balance")).toContainText("Available$80.00");
  await expect(page.getByText("Next payout: $75.00, arriving Wed, Mar 10, 2027.")).toBeVisible();
  const payouts = page.getByRole("table", { name: "Stripe payouts, newest first" });
  await expect(payouts.locator("tbody tr")).toHaveCount(2);
  await expect(payouts.locator("tbody tr").first()).toContainText("In transit");
  await expect(payouts.locator("tbody tr").last()).toContainText("Paid");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page, { colours: scheme === "dark" });
  }

  app.stripe.outage = true;
  try {
    await page.reload();
    await expect(page.getByRole("alert")).toContainText("Stripe could not be reached just now");
    await expect(page.getByRole("heading", { name: "Earnings" })).toBeVisible();
    await expectNoViolations(page);
  } finally {
    app.stripe.outage = false;
  }
});
