import type { Locator, Page } from "@playwright/test";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser: after test-provider purchases made through the checkout UI, the analytics
// page, the orders and customers pages, the dashboard's cards and the landing's tabs show the same figures — with
// the purchases dated around Europe/Berlin's spring daylight-saving change (29 March 2026, a 23-hour day), as fixed
// clocks would have dated them, in a creator's zone saved in settings that is not the browser's.
//
// The three purchases, moved to (UTC → Berlin):
//   Grace's first  2026-03-28 22:30Z → Sat 28 Mar 23:30 CET
//   Alan's         2026-03-29 21:45Z → Sun 29 Mar 23:45 CEST (the short day's last quarter hour)
//   Grace's second 2026-03-29 22:30Z → Mon 30 Mar 00:30 CEST (still 29 March in UTC, and at a fixed +01:00)
// so 29 March in Berlin holds Alan's order only; a count by UTC day or by a fixed offset would give it two.

test.use({ timezoneId: "America/New_York" });

const MOVED = {
  graceFirst: "2026-03-28T22:30:00Z",
  alan: "2026-03-29T21:45:00Z",
  graceSecond: "2026-03-29T22:30:00Z",
};

/** "$34" or "$34.00" → 3400 (the cards show whole amounts without cents). */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const figure = (page: Page, id: string) => page.locator(`dd[data-figure="${id}"]`);
/** The value of a `<dt>label</dt><dd>value</dd>` card. */
const card = (scope: Page | Locator, label: string) =>
  scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

test("the analytics, orders, customers, dashboard and landing pages agree across a daylight-saving change", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(150_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const guide = await publishProductDirectly(app, creator.id, {
    name: "Field Guide",
    slug: "field-guide",
    priceCents: 1250,
  });
  const sketches = await publishProductDirectly(app, creator.id, {
    name: "Sketchbook",
    slug: "sketchbook",
    priceCents: 900,
  });

  // The creator counts days in Berlin, whatever their browser says.
  await page.goto("/settings");
  await page.getByRole("combobox", { name: "Time zone" }).selectOption("Europe/Berlin");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Your figures now count days in Europe/Berlin.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");

  const grace = uniqueEmail("grace");
  const alan = uniqueEmail("alan");
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  const graceFirst = await buyWithTestCard(buyerPage, guide.buyPath, grace);
  const alanOrder = await buyWithTestCard(buyerPage, sketches.buyPath, alan);
  const graceSecond = await buyWithTestCard(buyerPage, guide.buyPath, grace);
  await buyer.close();

  // Dated as fixed clocks would have dated them; the read models rebuilt from the orders as the migrations' backfills
  // do.
  for (const [orderId, at] of [
    [graceFirst.orderId, MOVED.graceFirst],
    [alanOrder.orderId, MOVED.alan],
    [graceSecond.orderId, MOVED.graceSecond],
  ]) {
    await app.pool.query("update orders set created_at = $2, paid_at = $2 where id = $1 and user_id = $3", [
      orderId,
      at,
      creator.id,
    ]);
  }
  await app.pool.query("select analytics_rebuild_rollups()");
  await app.pool.query("delete from customer_totals where user_id = $1", [creator.id]);
  await app.pool.query(
    `insert into customer_totals (user_id, email, first_paid_at, last_paid_at, orders, spent_cents, spent)
     select user_id, lower(customer_email), min(paid_at), max(paid_at), count(*), sum(amount_cents - refunded_cents),
       jsonb_build_object(min(currency), sum(amount_cents - refunded_cents))
     from orders where user_id = $1 and status = 'paid' group by user_id, lower(customer_email)`,
    [creator.id],
  );

  // Analytics: Berlin's calendar days, the 23-hour one included.
  await page.goto("/analytics?from=2026-03-29&to=2026-03-29");
  await expect(page.getByRole("heading", { name: /^Figures for Mar 29/ })).toBeVisible();
  await expect(figure(page, "orders")).toHaveText("1");
  await expect(figure(page, "revenue")).toHaveText("$9.00");
  await page.goto("/analytics?from=2026-03-30&to=2026-03-30");
  await expect(figure(page, "orders")).toHaveText("1");
  await expect(figure(page, "revenue")).toHaveText("$12.50");
  await page.goto("/analytics?from=2026-03-28&to=2026-03-30");
  await expect(figure(page, "orders")).toHaveText("3");
  await expect(figure(page, "revenue")).toHaveText("$34.00");
  const byProduct = page.getByRole("table", { name: "Sales and views by product" });
  await expect(byProduct.getByRole("row", { name: /Field Guide/ })).toContainText("$25.00");
  await expect(byProduct.getByRole("row", { name: /Sketchbook/ })).toContainText("$9.00");

  // Orders: the same three, dated in Berlin.
  await page.goto("/orders");
  const orderRows = page.getByRole("table").locator("tbody tr");
  await expect(orderRows).toHaveCount(3);
  await expect(orderRows.filter({ hasText: alan })).toContainText("Mar 29, 2026, 11:45 PM");
  await expect(orderRows.filter({ hasText: "Mar 30, 2026, 12:30 AM" })).toContainText(grace);
  await expect(orderRows.filter({ hasText: "Mar 28, 2026, 11:30 PM" })).toContainText(grace);

  // Customers: one row per buyer, first and last purchase in Berlin, orders and total spent.
  await page.goto("/customers");
  const customerRows = page.getByRole("table").locator("tbody tr");
  await expect(customerRows).toHaveCount(2);
  const graceRow = customerRows.filter({ hasText: grace });
  await expect(graceRow).toContainText("Mar 28, 2026, 11:30 PM");
  await expect(graceRow).toContainText("Mar 30, 2026, 12:30 AM");
  await expect(graceRow).toContainText("$25.00");
  await expect(graceRow.locator("td").nth(3)).toHaveText("2");
  await expect(customerRows.filter({ hasText: alan })).toContainText("$9.00");

  // The dashboard's cards: the same totals.
  await page.goto("/dashboard");
  await expect(card(page, "Orders")).toHaveText("3");
  expect(cents(await card(page, "Total Sales").textContent())).toBe(3400);
  await expect(card(page, "Customers")).toHaveText("2");

  // The landing's tabs: the same revenue and sales, each product's share, the two buyers.
  await page.goto("/");
  const main = page.locator("main");
  await page.getByRole("radio", { name: "Sales" }).check();
  await expect(card(main, "Total Sales")).toHaveText("3");
  expect(cents(await card(main, "Total Revenue").textContent())).toBe(3400);
  await page.getByRole("radio", { name: "Products" }).check();
  const guideCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Field Guide" }) });
  await expect(card(guideCard, "Sales")).toHaveText("2");
  expect(cents(await card(guideCard, "Revenue").textContent())).toBe(2500);
  await page.getByRole("radio", { name: "Customers" }).check();
  await expect(page.getByRole("link", { name: grace })).toBeVisible();
  await expect(page.getByRole("link", { name: alan })).toBeVisible();
  // Dated in the saved zone, not the browser's (New York would say Mar 29, 6:30 PM).
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: grace }) })).toContainText(
    "Mar 30, 2026, 12:30 AM",
  );
  await expect(page.getByRole("link", { name: "View all 2 customers" })).toBeVisible();
});
