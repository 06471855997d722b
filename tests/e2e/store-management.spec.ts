import { readFile } from "node:fs/promises";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// A retail seller's Store Management in a real browser: the shop from the Retail Store setup, stock received into the
// shop and Online, a refused and a good transfer, a count with its review step, a CSV import whose preview shows the
// bad row, the export, axe, and a phone-sized screen. The physical product is written as rows.

test("a retail seller manages shops and stock from the dashboard's Manage inventory", async ({ page, app }) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, { businessTypes: ["retail_store"], storeName: "Harbour Goods" });
  await app.pool.query(`insert into sales_methods (user_id, method, settings) values ($1, 'retail_store', $2::jsonb)`, [
    creator.id,
    JSON.stringify({
      storeName: "Harbour Goods",
      address: "12 Quay Road, Portsmouth",
      description: "",
      features: ["inventory", "pos"],
    }),
  ]);
  const product = await app.pool.query<{ id: string }>(
    `insert into products (user_id, name, type, price_cents, currency, status, options, low_stock_threshold)
     values ($1, 'Enamel mug', 'physical', 1800, 'USD', 'published', '[{"name":"Colour","values":["Blue","Red"]}]', 2)
     returning id`,
    [creator.id],
  );
  await app.pool.query(
    `insert into product_variants (product_id, user_id, sku, barcode, title, option_values, position)
     values ($1, $2, 'MUG-BLUE', '4006381333931', 'Blue', '["Blue"]', 0), ($1, $2, 'MUG-RED', null, 'Red', '["Red"]', 1)`,
    [product.rows[0]!.id, creator.id],
  );

  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Manage inventory/ }).click();
  await expect(page).toHaveURL(/\/tools\/retail-dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Harbour Goods" })).toBeVisible();
  const locations = page.getByRole("region", { name: "Your locations" });
  await expect(locations.getByRole("definition").filter({ hasText: "12 Quay Road, Portsmouth" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Online" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the POS" })).toHaveAttribute("href", "/tools/pos");
  const blue = page.getByRole("row", { name: /^Enamel mug — Blue MUG-BLUE/ });
  await expect(blue).toContainText("MUG-BLUE");
  await expect(blue).toContainText("Low stock");
  await expectNoViolations(page);

  // Receive into the shop and Online.
  await page.getByRole("link", { name: "Manage Enamel mug — Blue" }).click();
  const receive = page.getByRole("form", { name: "Receive stock" });
  await receive.getByLabel("Location").selectOption({ label: "Harbour Goods" });
  await receive.getByLabel("Quantity received").fill("10");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByText("Received 10")).toBeVisible();
  await expect(blue).toContainText("10 on hand");
  await receive.getByLabel("Location").selectOption({ label: "Online" });
  await receive.getByLabel("Quantity received").fill("3");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByText("Received 3")).toBeVisible();
  await expect(blue).not.toContainText("Low stock");

  // A transfer of more than the shop has is refused with the figure; a smaller one moves.
  const transfer = page.getByRole("form", { name: "Transfer stock" });
  await transfer.getByLabel("From location").selectOption({ label: "Harbour Goods" });
  await transfer.getByLabel("To location").selectOption({ label: "Online" });
  await transfer.getByLabel("Quantity to transfer").fill("20");
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await expect(transfer.getByText("Only 10 available at Harbour Goods")).toBeVisible();
  await expect(transfer.getByLabel("Quantity to transfer")).toHaveAttribute("aria-invalid", "true");
  await transfer.getByLabel("Quantity to transfer").fill("4");
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByText("Transferred 4")).toBeVisible();
  await expect(blue).toContainText("6 on hand");
  await expect(blue).toContainText("7 on hand");
  const history = page.getByRole("table", { name: "Stock history of Enamel mug — Blue" });
  await expect(history.getByRole("row")).toHaveCount(5);
  await expect(history).toContainText("Transferred");

  // A count at the shop: the review lists the difference, posting makes it the stock.
  await page.getByLabel("Count stock at").selectOption({ label: "Harbour Goods" });
  await page.getByRole("button", { name: "Start a stock count" }).click();
  await expect(page.getByRole("heading", { name: "Counting stock at Harbour Goods" })).toBeVisible();
  await page.getByLabel("Counted Enamel mug — Blue at Harbour Goods").fill("5");
  await page.getByRole("button", { name: "Review differences" }).click();
  const review = page.getByRole("table", { name: "Differences counted at Harbour Goods" });
  await expect(review.getByRole("row", { name: /Enamel mug — Blue/ })).toContainText("-1");
  await expect(review.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Post count" }).click();
  await expect(page.getByText("Count posted: 1 item changed")).toBeVisible();
  await page.getByRole("link", { name: "Cancel count" }).click();

  // An import with a bad row: the preview names it and offers nothing to apply; a good file applies.
  await page.getByText("Import stock from a CSV").click();
  const file = page.getByLabel("CSV file");
  await file.setInputFiles({
    name: "stock.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("sku,location,quantity\nMUG-RED,Online,8\nNOPE-1,Online,2\n"),
  });
  await page.getByLabel("Receive (add to stock)").check();
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("list", { name: "Rows with errors" })).toContainText(
    'Row 3: No item has the SKU "NOPE-1".',
  );
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await file.setInputFiles({
    name: "stock.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("sku,location,quantity\nMUG-RED,Online,8\n"),
  });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("1 row read, 1 change.")).toBeVisible();
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("Imported 1 row")).toBeVisible();
  await expect(page.getByRole("row", { name: /^Enamel mug — Red MUG-RED/ })).toContainText("8 on hand");

  // The export: one row per item and location.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export inventory (CSV)" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv).toContain("MUG-BLUE,4006381333931,Enamel mug,Blue,Harbour Goods,5,0,5,2\r\n");
  expect(csv).toContain("MUG-RED,,Enamel mug,Red,Online,8,0,8,2\r\n");
  await expectNoViolations(page);

  // On a phone the page does not scroll sideways; the table scrolls inside its frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
});
