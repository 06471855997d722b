import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser: the dashboard's cards and the signed-in landing's tabs show the creator's own
// figures and follow test-provider purchases made in another browser without a reload (Server-Sent Events), also
// after the stream dropped; the landing's product buttons, the draft's reason, 'View Demo Data', axe in both colour
// schemes, a phone-sized screen.

test.use({ timezoneId: "Europe/Prague" });

/**
 * The value under a figure's label (a stat card, a figure of the Sales tab): the `dd` right after its `dt`. Only
 * visible ones (one tab shows at a time).
 */
const figure = (scope: Locator, label: string) =>
  scope.locator(`dt:text-is("${label}") + dd`).filter({ visible: true });

/** Marks the document: the mark survives live updates, not a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test("the dashboard's cards and the landing's tabs follow purchases made in another browser, live", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const { buyPath } = await publishProductDirectly(app, creator.id, { name: "Field Guide", priceCents: 1250 });
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();

  // The dashboard, open before the purchase.
  await page.goto("/dashboard");
  const figures = page.getByRole("region", { name: "Your figures" });
  await expect(figures).toHaveAttribute("data-live", "connected");
  await expect(figure(figures, "Total Sales")).toHaveText("$0");
  await markDocument(page);

  const first = await buyWithTestCard(buyerPage, buyPath, uniqueEmail("first-buyer"));
  await expect(figure(figures, "Total Sales")).toHaveText("$12.50");
  await expect(figure(figures, "Orders")).toHaveText("1");
  await expect(figure(figures, "Customers")).toHaveText("1");
  expect(await stillSameDocument(page)).toBe(true);

  // The landing, open before the second purchase.
  await page.goto("/");
  await expect(page.locator('[data-live="connected"]')).toBeVisible();
  await page.getByRole("radio", { name: "Sales" }).check();
  await expect(figure(page.locator("main"), "Total Sales")).toHaveText("1");
  await expect(figure(page.locator("main"), "Total Revenue")).toHaveText("$12.50");
  await expect(page.getByRole("link", { name: "Field Guide" })).toHaveAttribute("href", `/orders/${first.orderId}`);
  await markDocument(page);

  const secondEmail = uniqueEmail("second-buyer");
  const second = await buyWithTestCard(buyerPage, buyPath, secondEmail);
  await expect(figure(page.locator("main"), "Total Sales")).toHaveText("2");
  await expect(figure(page.locator("main"), "Total Revenue")).toHaveText("$25.00");
  // Newest first, as '+$12.50'.
  await expect(page.getByRole("link", { name: "Field Guide" }).first()).toHaveAttribute(
    "href",
    `/orders/${second.orderId}`,
  );
  await expect(page.getByText("+$12.50").first()).toBeVisible();
  expect(await stillSameDocument(page)).toBe(true);
  // The customers tab lists both buyers, the newest first, each linking to their page.
  await page.getByRole("radio", { name: "Customers" }).check();
  await expect(page.getByRole("link", { name: secondEmail })).toHaveAttribute(
    "href",
    `/customers/${encodeURIComponent(secondEmail)}`,
  );
  await expect(page.getByRole("link", { name: "View all 2 customers" })).toHaveAttribute("href", "/customers");
  // The product card counts both sales.
  await page.getByRole("radio", { name: "Products" }).check();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Field Guide" }) });
  await expect(figure(card, "Sales")).toHaveText("2");
  await expect(figure(card, "Revenue")).toHaveText("$25.00");
  await buyer.close();
});

test("after a dropped stream the page reconnects and catches up with what it missed", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const { buyPath } = await publishProductDirectly(app, creator.id, { name: "Field Guide", priceCents: 1250 });
  let purchased!: () => void;
  const purchaseDone = new Promise<void>((resolve) => (purchased = resolve));
  let connections = 0;
  // The first stream opens and drops at once; the browser's reconnection is held until the purchase is made, so
  // its notification is missed and only the re-read after reconnecting can show it.
  await page.route("**/api/orders/changes", async (route) => {
    connections += 1;
    if (connections === 1) {
      await route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream" },
        body: "retry: 500\nevent: ready\ndata: {}\n\n",
      });
      return;
    }
    if (connections === 2) await purchaseDone;
    await route.continue();
  });
  await page.goto("/dashboard");
  const figures = page.getByRole("region", { name: "Your figures" });
  await expect(figure(figures, "Orders")).toHaveText("0");
  await expect.poll(() => connections).toBeGreaterThanOrEqual(2);
  await markDocument(page);

  const buyer = await browser.newContext();
  await buyWithTestCard(await buyer.newPage(), buyPath, uniqueEmail("missed-buyer"));
  purchased();
  await expect(figure(figures, "Orders")).toHaveText("1");
  await expect(figure(figures, "Total Sales")).toHaveText("$12.50");
  await expect(figures).toHaveAttribute("data-live", "connected");
  expect(await stillSameDocument(page)).toBe(true);
  await buyer.close();
});

test("the landing's product cards: Edit, View Page, a draft's reason, and the demo customers before a sale", async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const { productId } = await publishProductDirectly(app, creator.id, { name: "Field Guide", slug: "field-guide" });
  await app.pool.query(
    `insert into products (user_id, name, slug, price_cents, currency, status, type) values ($1, 'Notes in Progress', 'notes', 900, 'USD', 'draft', 'template')`,
    [creator.id],
  );
  await page.goto("/");
  await expect(page.getByText("Everything here is sample data")).toHaveCount(0);
  const draft = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Notes in Progress" }) });
  const draftView = draft.getByRole("button", { name: /View Page/ });
  await expect(draftView).toBeDisabled();
  await expect(draftView).toHaveAccessibleDescription("Draft: publish it to give it a public page.");

  // Before a sale: the spec's text, and the sample customers behind 'View Demo Data', labelled as sample.
  await page.getByRole("radio", { name: "Customers" }).check();
  await expect(page.getByText("Customer data will appear here as you make sales")).toBeVisible();
  await page.getByText("View Demo Data").click();
  await expect(page.getByRole("table", { name: "Sample customers (demo data)" })).toBeVisible();
  await expect(page.getByText("Demo data", { exact: true })).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const tab of ["Products", "Sales", "Customers"]) {
      await page.getByRole("radio", { name: tab }).check();
      await expectNoViolations(page, { colours: scheme === "dark" });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });

  // A phone-sized screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("radio", { name: "Products" }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await page.setViewportSize({ width: 1280, height: 800 });

  // View Page opens the published product's sales page; Edit its form.
  const published = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Field Guide" }) });
  await published.getByRole("link", { name: "View Page of Field Guide" }).click();
  await expect(page).toHaveURL(/\/s\/[^/]+\/field-guide$/);
  await expect(page.getByRole("heading", { level: 1, name: "Field Guide" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "Edit Field Guide" }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/products/${productId}$`));
});
