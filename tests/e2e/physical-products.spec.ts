import type { Page } from "@playwright/test";
import { expectNoViolations, expectNoViolationsInBothThemes } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";
import { workerApp } from "./support/worker-app";

// A physical product in a real browser: Size × Colour options typed with the keyboard, the generated variants
// table (stacked on a phone), a barcode checked as typed, then its sales page with a variant picked.

/** Whether the page scrolls sideways (it must not on a 390 px wide phone). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Receives `quantity` units of the variant titled `title` of `productId` at the seller's Online location. */
async function receiveStock(userId: string, productId: string, title: string, quantity: number) {
  const { pool } = workerApp();
  await pool.query(
    `insert into stock_locations (user_id, kind, name) values ($1, 'online', 'Online') on conflict do nothing`,
    [userId],
  );
  await pool.query(
    `with v as (select id from product_variants where product_id = $2 and title = $3),
      l as (select id from stock_locations where user_id = $1 and kind = 'online'),
      m as (insert into stock_movements (user_id, variant_id, location_id, kind, quantity)
        select $1, v.id, l.id, 'received', $4 from v, l)
    insert into stock_levels (variant_id, location_id, user_id, on_hand) select v.id, l.id, $1, $4 from v, l`,
    [userId, productId, title, quantity],
  );
}

test("a creator sells a T-shirt in sizes and colours, and a buyer picks one on its sales page", async ({ page }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  await page.goto("/tools/products/new");
  await page.getByLabel("Name").fill("Field Tee");
  await page.getByLabel("Type").selectOption("physical");
  await expect(page.getByRole("heading", { name: "Stock and shipping" })).toBeVisible();
  await page.getByLabel("Price", { exact: true }).fill("25");

  // Options with the keyboard: values end with Enter or a comma.
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Add values to Size").focus();
  await page.keyboard.type("S, M,");
  await page.keyboard.type("L");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Values of Size" }).getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Remove L from Size" }).click();
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 2 name").fill("Colour");
  await page.getByLabel("Add values to Colour").fill("Red");
  await page.keyboard.press("Enter");
  await page.getByLabel("Add values to Colour").fill("Blue");
  await page.keyboard.press("Enter");
  const variants = page.getByRole("table");
  await expect(variants.getByRole("rowheader")).toHaveText(["S / Red", "S / Blue", "M / Red", "M / Blue"]);

  // Each row: its own SKU, barcode (checked as typed) and price.
  await page.getByLabel("SKU of M / Blue").fill("TEE-M-BLUE");
  await page.getByLabel("Barcode of M / Blue").fill("4006381333932");
  await expect(page.getByText("Please enter a valid EAN-13 or UPC-A barcode.")).toBeVisible();
  await page.getByLabel("Barcode of M / Blue").fill("4006381333931");
  await expect(page.getByText("Please enter a valid EAN-13 or UPC-A barcode.")).toBeHidden();
  await page.getByLabel("Price (USD) of M / Blue").fill("29");
  await page.getByRole("button", { name: "Remove S / Red" }).click();
  await expect(variants.getByRole("rowheader")).toHaveText(["S / Blue", "M / Red", "M / Blue"]);
  await expect(page.getByRole("button", { name: "Sell S / Red again" })).toBeVisible();
  await expectNoViolations(page);

  // A phone: the rows stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await scrollsSideways(page)).toBe(false);
  await expect(page.getByText("SKU", { exact: true }).first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await expect(page.getByRole("table").getByRole("rowheader")).toHaveText(["S / Blue", "M / Red", "M / Blue"]);
  await expect(page.getByLabel("SKU of M / Blue")).toHaveValue("TEE-M-BLUE");
  await expect(page.getByRole("heading", { name: "Files" })).toHaveCount(0);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  const productId = page.url().split("/").pop()!;
  await receiveStock(creator.id, productId, "M / Blue", 3);
  await receiveStock(creator.id, productId, "M / Red", 10);

  // The sales page: the first variant in stock, then M / Blue picked with the radio groups.
  await page.getByRole("link", { name: "View sales page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Field Tee" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "M" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Red" })).toBeChecked();
  await expect(page.getByRole("link", { name: "Buy now" })).toBeVisible();
  await page.getByRole("group", { name: "Colour" }).getByRole("radio", { name: "Blue" }).check();
  await page.getByRole("button", { name: "Show this variant" }).click();
  await expect(page).toHaveURL(/\?variant=[0-9a-f-]{36}$/);
  const variantId = new URL(page.url()).searchParams.get("variant");
  await expect(page.getByText("$29.00")).toBeVisible();
  await expect(page.getByText("Only 3 left")).toBeVisible();
  await expect(page.getByRole("link", { name: "Buy now" })).toHaveAttribute(
    "href",
    new RegExp(`/buy\\?variant=${variantId}$`),
  );
  await expectNoViolationsInBothThemes(page);

  // A variant with no stock: sold out, no Buy link.
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: "S" }).check();
  await page.getByRole("button", { name: "Show this variant" }).click();
  await expect(page.getByText("Sold out")).toBeVisible();
  await expect(page.getByRole("link", { name: "Buy now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Buy now" })).toBeDisabled();
  await expectNoViolations(page);
});
