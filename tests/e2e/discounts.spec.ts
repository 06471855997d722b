import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// In a real browser: the discount codes page from the Product Manager; a code created with its
// messages shown as the creator types (and the server's refusal of a duplicate in another case), listed, edited,
// archived and deleted; times in the creator's own time zone; axe on the empty page, the form with errors and the
// list; a phone-sized screen.

test.use({ timezoneId: "Europe/Prague" });

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const codeItem = (page: Page, code: string) =>
  page
    .getByRole("list", { name: "Discount codes" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: code, exact: true }) });

test("a creator creates a discount code, sees it listed, edits, archives and deletes it", async ({ page, app }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  await app.pool.query(
    `insert into products (id, user_id, name, slug, price_cents, currency, status) values ($1, $2, 'Field Guide', $3, 2000, 'USD', 'published')`,
    [randomUUID(), creator.id, `field-guide-${creator.id.slice(0, 8)}`],
  );
  // A hydrated page tells the server the browser's time zone.
  await page.goto("/tools/products");
  await page.getByRole("main").getByRole("link", { name: "Discounts" }).click();
  await expect(page).toHaveURL(/\/tools\/products\/discounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await expect(page.getByText("Times are in your time zone, Europe/Prague.")).toBeVisible();
  await expect(page.getByText("No discount codes yet")).toBeVisible();
  await expectNoViolations(page);

  // Messages as the creator types.
  const code = page.getByLabel("Code", { exact: true });
  await code.fill("ab");
  await expect(page.getByText("Codes are 3 to 32 characters long")).toBeVisible();
  await code.fill("two words");
  await expect(page.getByText("Use only letters, digits, - and _ (no spaces)")).toBeVisible();
  await code.fill("SPRING-25");
  await expect(page.getByText("Use only letters, digits, - and _ (no spaces)")).toBeHidden();
  const percent = page.getByLabel("Percentage off");
  await percent.fill("150");
  await expect(page.getByText("Enter a whole percentage from 1 to 100")).toBeVisible();
  await percent.fill("25");
  await page.getByLabel("Chosen products").check();
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.getByText("Please choose at least one product")).toBeVisible();
  await page.getByLabel("Field Guide").check();
  await page.getByLabel("Starts (optional)").fill("2030-01-10T10:00");
  await page.getByLabel("Ends (optional)").fill("2030-01-09T10:00");
  await expect(page.getByText("The end must be after the start")).toBeVisible();
  await page.getByLabel("Maximum redemptions (optional)").fill("0");
  await expect(page.getByText(/Enter a whole number from 1 to 1,000,000/)).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel("Ends (optional)").fill("2030-02-01T10:00");
  await page.getByLabel("Maximum redemptions (optional)").fill("10");
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.getByText("Discount code SPRING-25 created")).toBeVisible();

  const item = codeItem(page, "SPRING-25");
  await expect(item).toContainText("25% off");
  await expect(item).toContainText("Field Guide");
  await expect(item).toContainText("0 / 10");
  await expect(item).toContainText("Jan 10, 2030, 10:00 AM – Feb 1, 2030, 10:00 AM");
  await expect(item.getByText("Scheduled", { exact: true })).toBeVisible();
  // Stored in UTC: 10:00 in Prague in January is 09:00 UTC.
  const stored = await app.pool.query("select starts_at from discount_codes where user_id = $1", [creator.id]);
  expect((stored.rows[0].starts_at as Date).toISOString()).toBe("2030-01-10T09:00:00.000Z");
  await expectNoViolations(page);

  // The same code in another case is refused by the server, on the field.
  await page.getByLabel("Code", { exact: true }).fill("spring-25");
  await page.getByLabel("Percentage off").fill("10");
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.locator("#discount-code-form-code-error")).toHaveText(
    "You already have a discount code with this name (codes ignore upper and lower case).",
  );
  await expect(page.getByLabel("Code", { exact: true })).toHaveValue("spring-25");

  // Edit: 30% off for all products, no window.
  await item.getByRole("link", { name: "Edit SPRING-25" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Edit SPRING-25" })).toBeVisible();
  await expect(page.getByLabel("Starts (optional)")).toHaveValue("2030-01-10T10:00");
  await page.getByLabel("Percentage off").fill("30");
  await page.getByLabel("All products").check();
  await page.getByLabel("Starts (optional)").fill("");
  await page.getByLabel("Ends (optional)").fill("");
  await page.getByRole("button", { name: "Save discount code" }).click();
  await expect(page.getByText("Discount code SPRING-25 saved")).toBeVisible();
  await expect(codeItem(page, "SPRING-25")).toContainText("30% off");
  await expect(codeItem(page, "SPRING-25")).toContainText("All products");
  await expect(codeItem(page, "SPRING-25").getByText("Active", { exact: true })).toBeVisible();

  // Archive: it stays listed, no longer accepted.
  await codeItem(page, "SPRING-25").getByRole("button", { name: "Archive SPRING-25" }).click();
  await expect(page.getByText("Discount code archived")).toBeVisible();
  await expect(codeItem(page, "SPRING-25").getByText("Archived", { exact: true })).toBeVisible();
  await expect(codeItem(page, "SPRING-25").getByRole("button", { name: "Accept again SPRING-25" })).toBeVisible();
  await expectNoViolations(page);

  // A phone-sized screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);

  // Never used: it can be deleted (after confirming).
  page.once("dialog", (dialog) => dialog.accept());
  await codeItem(page, "SPRING-25").getByRole("button", { name: "Delete SPRING-25" }).click();
  await expect(page.getByText("Discount code deleted")).toBeVisible();
  await expect(page.getByText("No discount codes yet")).toBeVisible();
});
