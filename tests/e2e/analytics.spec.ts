import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser: after two test-provider purchases made through the checkout UI, the analytics page
// shows the same revenue and orders as the orders page and the dashboard's cards; the ranges are switched with the
// keyboard and kept in the URL; a reversed custom range is refused with its reason (never ignored); the chart is read
// with the arrow keys; axe finds nothing in either colour scheme; a phone-sized screen does not scroll sideways.

test.use({ timezoneId: "America/New_York" });

/** "$12.50" → 1250 */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

const figure = (page: Page, id: string) => page.locator(`dd[data-figure="${id}"]`);

test("the analytics page agrees with the orders page and the dashboard, and is used by keyboard", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
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

  // Two purchases by signed-out buyers through the checkout UI (they are also the pages' views).
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await buyWithTestCard(buyerPage, guide.buyPath, uniqueEmail("grace"));
  await buyWithTestCard(buyerPage, sketches.buyPath, uniqueEmail("alan"));
  await buyer.close();

  // The orders page: two paid orders, 12.50 + 9.00.
  await page.goto("/orders");
  const orderRows = page.getByRole("table").locator("tbody tr");
  await expect(orderRows).toHaveCount(2);
  await expect(orderRows.filter({ hasText: "Field Guide" })).toContainText("$12.50");
  await expect(orderRows.filter({ hasText: "Sketchbook" })).toContainText("$9.00");
  const ordersTotal = 1250 + 900;

  // The dashboard's cards.
  await page.goto("/dashboard");
  const card = (label: string) =>
    page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(card("Orders")).toHaveText("2");
  expect(cents(await card("Total Sales").textContent())).toBe(ordersTotal);

  // The Analytics quick action opens the page (last 30 days by default).
  await page
    .getByRole("link", { name: /Analytics/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(figure(page, "orders")).toHaveText("2");
  expect(cents(await figure(page, "revenue").textContent())).toBe(ordersTotal);
  await expect(figure(page, "units")).toHaveText("2");
  await expect(page.getByText("America/New_York").first()).toBeVisible();
  const products = page.getByRole("table", { name: "Sales and views by product" });
  await expect(products.getByRole("row", { name: /Field Guide/ })).toContainText("$12.50");
  await expect(products.getByRole("row", { name: /Sketchbook/ })).toContainText("$9.00");

  // Ranges by keyboard: the preset links, then a custom range typed into the date fields and sent with Enter.
  await page.getByRole("link", { name: "Last 7 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?range=7d$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(figure(page, "orders")).toHaveText("2");
  await page.getByRole("link", { name: "Last 12 months" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?range=12m$/);
  await expect(page.getByRole("heading", { name: /^Figures for/ })).toBeVisible();
  await expect(figure(page, "orders")).toHaveText("2");

  // A past range holds none of today's orders: the range is used, not ignored.
  await page.getByLabel("From", { exact: true }).fill("2025-01-01");
  await page.getByLabel("To", { exact: true }).fill("2025-01-31");
  await page.getByLabel("To", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/from=2025-01-01&to=2025-01-31/);
  await expect(page.getByRole("heading", { name: "Figures for Jan 1 – Jan 31, 2025" })).toBeVisible();
  await expect(figure(page, "orders")).toHaveText("0");
  await expect(page.getByText(/No sales and no page views in this period yet/)).toBeVisible();
  await expectNoViolations(page);

  // A reversed range is refused with its reason, its dates kept in the fields.
  await page.getByLabel("From", { exact: true }).fill("2025-02-10");
  await page.getByLabel("To", { exact: true }).fill("2025-02-01");
  await page.getByRole("button", { name: "Show these dates" }).press("Enter");
  await expect(page.getByRole("alert")).toHaveText("The end date must be on or after the start date.");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("2025-02-01");
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page);

  // The chart, read with the arrow keys: the last day (today) holds both orders.
  await page.goto("/analytics?range=7d");
  await expect(page.locator("canvas").first()).toBeVisible();
  await page.getByRole("button", { name: "Orders", exact: true }).click();
  const chart = page.getByRole("slider", { name: "Orders per day" });
  await chart.focus();
  await page.keyboard.press("End");
  await expect(chart).toHaveAttribute("aria-valuetext", /: 2$/);
  await page.keyboard.press("ArrowLeft");
  await expect(chart).toHaveAttribute("aria-valuenow", "5");
  await expect(page.getByRole("table", { name: /Figures per day/ })).toBeAttached();

  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("canvas").first()).toBeVisible();
    await expectNoViolations(page, { colours: colorScheme === "dark" });
  }

  // A phone-sized screen: nothing scrolls sideways except the tables' own boxes.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(figure(page, "orders")).toHaveText("2");
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
});

test("signed-out visitors are sent to sign in, and come back to the range they asked for", async ({ page }) => {
  await page.goto("/analytics?range=90d");
  await expect(page).toHaveURL(/\/auth\?from=%2Fanalytics%3Frange%3D90d/);
});
