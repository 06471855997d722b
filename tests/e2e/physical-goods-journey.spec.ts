import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { fillTestCard } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

// Physical goods end to end in a real browser, every step through the pages: a retail seller makes a T-shirt in
// sizes and colours, receives it into the shop and Online, ships to the US, sells one to a signed-out buyer, ships it
// with a tracking number, transfers, counts and imports stock; then the inventory, the order, analytics and both
// CSV exports tell the same figures.

/** The CSV a download link gives. */
async function download(page: Page, link: Locator): Promise<string> {
  const started = page.waitForEvent("download");
  await link.click();
  return readFile((await (await started).path())!, "utf8");
}

/** The "N on hand" figure of an inventory row at a location, found by the location's column. */
async function onHandAt(page: Page, row: Locator, location: string): Promise<string> {
  const table = page.getByRole("table", { name: "Stock of your items per location" });
  const headers = await table.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((header) => header.trim() === location);
  expect(column, `a column for ${location}`).toBeGreaterThan(0);
  // The row's first column is its header cell; the others are cells.
  const cell =
    (await row
      .getByRole("cell")
      .nth(column - 1)
      .textContent()) ?? "";
  return /(-?\d+) on hand/.exec(cell)?.[1] ?? cell;
}

test("a retail seller sells a T-shirt online, ships it, moves stock, and every figure agrees", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(300_000);
  const creator = await createCreator(page, { businessTypes: ["retail_store"], storeName: "Harbour Goods" });

  // The Retail Store setup, posted as its form does: the shop becomes a stock location.
  const setup = new FormData();
  const fields: [string, string][] = [
    ["storeName", "Harbour Goods"],
    ["address", "12 Quay Road, Portsmouth"],
    ["features", "inventory"],
    ["features", "pos"],
  ];
  for (const [name, value] of fields) setup.append(name, value);
  const saved = await page.request.post("/sales/retail-store", {
    headers: { origin: app.origin },
    multipart: setup,
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);

  // The Product Manager: Size × Colour, SKUs and one dearer variant.
  await page.goto("/tools/products/new");
  await page.getByLabel("Name").fill("Field Tee");
  await page.getByLabel("Type").selectOption("physical");
  await page.getByLabel("Price", { exact: true }).fill("25");
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 1 name").fill("Size");
  await page.getByLabel("Add values to Size").focus();
  await page.keyboard.type("S, M,");
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 2 name").fill("Colour");
  await page.getByLabel("Add values to Colour").focus();
  await page.keyboard.type("Red, Blue,");
  await expect(page.getByRole("table").getByRole("rowheader")).toHaveText([
    "S / Red",
    "S / Blue",
    "M / Red",
    "M / Blue",
  ]);
  await page.getByLabel("SKU of S / Red").fill("TEE-S-RED");
  await page.getByLabel("SKU of M / Blue").fill("TEE-M-BLUE");
  await page.getByLabel("Price (USD) of M / Blue").fill("29");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  const salesPage = await page.getByRole("link", { name: "View sales page" }).getAttribute("href");
  expect(salesPage).toMatch(/^\/s\/[^/]+\/[^/]+$/);

  // Store Management: 10 into the shop, 3 Online.
  await page.goto("/tools/retail-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
  const blue = page.getByRole("row", { name: /^Field Tee — M \/ Blue TEE-M-BLUE/ });
  const red = page.getByRole("row", { name: /^Field Tee — S \/ Red TEE-S-RED/ });
  await page.getByRole("link", { name: "Manage Field Tee — M / Blue" }).click();
  const receive = page.getByRole("form", { name: "Receive stock" });
  await receive.getByLabel("Location").selectOption({ label: "Harbour Goods" });
  await receive.getByLabel("Quantity received").fill("10");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByText("Received 10")).toBeVisible();
  await receive.getByLabel("Location").selectOption({ label: "Online" });
  await receive.getByLabel("Quantity received").fill("3");
  await receive.getByRole("button", { name: "Receive" }).click();
  await expect(page.getByText("Received 3")).toBeVisible();
  await expect.poll(() => onHandAt(page, blue, "Online")).toBe("3");

  // Shipping: the US at $5 an order.
  await page.goto("/tools/shipping");
  await page.getByLabel("Zone name").fill("United States");
  await page.getByRole("searchbox", { name: "Search countries" }).fill("united st");
  await page.getByRole("checkbox", { name: "United States", exact: true }).check();
  await page.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Shipping zone saved")).toBeVisible();
  await page.getByLabel("Rate name").fill("Standard");
  await page.getByLabel("Flat price (USD)").fill("5");
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText("Shipping rate saved")).toBeVisible();

  // A signed-out buyer: sales page, M / Blue, buy page, address, rate, the test provider's card.
  const buyerEmail = uniqueEmail("tee-buyer");
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(salesPage!);
  await expect(buyer.getByRole("heading", { level: 1, name: "Field Tee" })).toBeVisible();
  await buyer.getByRole("group", { name: "Size" }).getByRole("radio", { name: "M" }).check();
  await buyer.getByRole("group", { name: "Colour" }).getByRole("radio", { name: "Blue" }).check();
  await buyer.getByRole("button", { name: "Show this variant" }).click();
  await expect(buyer.getByText("$29.00")).toBeVisible();
  await buyer.getByRole("link", { name: "Buy now" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await buyer.getByLabel("Email").fill(buyerEmail);
  await buyer.getByLabel("Full name").fill("Ada Buyer");
  await buyer.getByLabel("Country").selectOption("US");
  await expect(buyer.getByRole("radio", { name: /Standard/ })).toBeVisible();
  await buyer.getByLabel("Address", { exact: true }).fill("1 Main Street");
  await buyer.getByLabel("City").fill("Springfield");
  await buyer.getByLabel("State").selectOption("IL");
  await buyer.getByLabel("Postcode").fill("62701");
  await buyer.getByRole("radio", { name: /Standard/ }).check();
  await expect(buyer.getByRole("definition").filter({ hasText: "$34.00" })).toBeVisible();
  await buyer.getByRole("button", { name: /Pay with card/ }).click();
  await expect(buyer).toHaveURL(/\/checkout\/test\/tpc_/);
  await fillTestCard(buyer, "4242 4242 4242 4242");
  await buyer.getByRole("button", { name: /^Pay / }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  const receipt = await waitForMail(buyerEmail, "Your receipt from");
  expect(receipt.text).toContain("We will email you when your goods ship");
  expect(receipt.text).not.toContain("Your files are ready");
  expect(receipt.text).toContain("Springfield");

  // The seller ships it with a tracking number; the buyer is mailed.
  await page.goto("/orders");
  const orderRow = page.getByRole("table").locator("tbody tr").filter({ hasText: "Field Tee" });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText("Unfulfilled");
  await orderRow.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  const items = page.getByRole("table", { name: "Items of the order" });
  const line = items.getByRole("row", { name: /Field Tee/ });
  await expect(line).toContainText("M / Blue");
  await expect(line).toContainText("TEE-M-BLUE");
  await expect(line).toContainText("$29.00");
  await expect(items.locator("tbody tr")).toHaveCount(1);
  const amounts = (label: string) =>
    page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(amounts("Subtotal")).toHaveText("$29.00");
  await expect(amounts("Shipping")).toHaveText("$5.00");
  await expect(amounts("Total paid by the buyer")).toHaveText("$34.00");
  const panel = page.getByRole("region", { name: "Fulfilment" });
  await expect(panel.locator("address")).toContainText("Springfield");
  await expect(panel.getByLabel("Units of Field Tee (M / Blue) to ship")).toHaveValue("1");
  await panel.getByLabel("Carrier").fill("UPS");
  await panel.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await panel.getByRole("button", { name: "Mark as fulfilled" }).click();
  await expect(page.getByText("Shipped 1 unit: the order is fulfilled")).toBeVisible();
  const shipped = await waitForMail(buyerEmail, "has shipped");
  expect(shipped.text).toContain("1 × Field Tee (M / Blue)");
  expect(shipped.text).toContain("Tracking number: 1Z999AA10123456784");
  expect(shipped.text).toContain("Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784");
  await buyerContext.close();

  // Back on Store Management: the sale left 2 Online; 4 move there from the shop, the shop counts 5 of its 6.
  await page.goto("/tools/retail-dashboard");
  await expect.poll(() => onHandAt(page, blue, "Online")).toBe("2");
  await expect.poll(() => onHandAt(page, blue, "Harbour Goods")).toBe("10");
  await page.getByRole("link", { name: "Manage Field Tee — M / Blue" }).click();
  const transfer = page.getByRole("form", { name: "Transfer stock" });
  await transfer.getByLabel("From location").selectOption({ label: "Harbour Goods" });
  await transfer.getByLabel("To location").selectOption({ label: "Online" });
  await transfer.getByLabel("Quantity to transfer").fill("4");
  await transfer.getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByText("Transferred 4")).toBeVisible();
  await page.getByLabel("Count stock at").selectOption({ label: "Harbour Goods" });
  await page.getByRole("button", { name: "Start a stock count" }).click();
  await expect(page.getByRole("heading", { name: "Counting stock at Harbour Goods" })).toBeVisible();
  await page.getByLabel("Counted Field Tee — M / Blue at Harbour Goods").fill("5");
  await page.getByRole("button", { name: "Review differences" }).click();
  const review = page.getByRole("table", { name: "Differences counted at Harbour Goods" });
  await expect(review.getByRole("row", { name: /Field Tee — M \/ Blue/ })).toContainText("-1");
  await page.getByRole("button", { name: "Post count" }).click();
  await expect(page.getByText("Count posted: 1 item changed")).toBeVisible();
  await page.getByRole("link", { name: "Cancel count" }).click();

  // A CSV import receives 8 of S / Red Online.
  await page.getByText("Import stock from a CSV").click();
  await page.getByLabel("CSV file").setInputFiles({
    name: "stock.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("sku,location,quantity\nTEE-S-RED,Online,8\n"),
  });
  await page.getByLabel("Receive (add to stock)").check();
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("1 row read, 1 change.")).toBeVisible();
  await page.getByRole("button", { name: "Apply import" }).click();
  await expect(page.getByText("Imported 1 row")).toBeVisible();

  // The inventory page's figures: M / Blue 5 in the shop and 6 Online (3 − 1 sold + 4), S / Red 8 Online.
  await page.goto("/tools/retail-dashboard");
  await expect.poll(() => onHandAt(page, blue, "Harbour Goods")).toBe("5");
  await expect.poll(() => onHandAt(page, blue, "Online")).toBe("6");
  await expect.poll(() => onHandAt(page, red, "Online")).toBe("8");
  await expect.poll(() => onHandAt(page, red, "Harbour Goods")).toBe("0");
  // The ledger adds up to the same levels, nothing held.
  const drift = await app.pool.query(
    `select l.variant_id from stock_levels l
     where l.user_id = $1 and (l.reserved <> 0 or l.on_hand <> (select coalesce(sum(m.quantity), 0) from stock_movements m
       where m.variant_id = l.variant_id and m.location_id = l.location_id))`,
    [creator.id],
  );
  expect(drift.rows).toEqual([]);

  // The inventory CSV export says the same.
  const inventory = await download(page, page.getByRole("link", { name: "Export inventory (CSV)" }));
  expect(inventory).toContain("TEE-M-BLUE,,Field Tee,M / Blue,Harbour Goods,5,0,5,");
  expect(inventory).toContain("TEE-M-BLUE,,Field Tee,M / Blue,Online,6,0,6,");
  expect(inventory).toContain("TEE-S-RED,,Field Tee,S / Red,Online,8,0,8,");

  // Analytics: one order of $34.00, one unit, all of it the T-shirt's.
  await page.goto("/analytics");
  const figure = (id: string) => page.locator(`dd[data-figure="${id}"]`);
  await expect(figure("orders")).toHaveText("1");
  await expect(figure("revenue")).toHaveText("$34.00");
  await expect(figure("units")).toHaveText("1");
  const tee = page.getByRole("table", { name: "Sales and views by product" }).getByRole("row", { name: /Field Tee/ });
  const teeCells = tee.getByRole("cell");
  await expect(teeCells.nth(0)).toHaveText("$34.00");
  await expect(teeCells.nth(1)).toHaveText("1");
  await expect(teeCells.nth(2)).toHaveText("1");

  // The orders CSV, filtered to fulfilled orders as the list is: the one order, its line and total.
  await page.goto("/orders");
  await page.getByLabel("Fulfilment").selectOption("fulfilled");
  await expect(page).toHaveURL(/fulfilment=fulfilled/);
  const orders = await download(page, page.getByRole("link", { name: "Export these orders (CSV)" }));
  const records = orders.trim().split("\r\n");
  expect(records).toHaveLength(2);
  expect(records[1]).toContain(orderId);
  expect(records[1]).toContain(`,paid,Field Tee (M / Blue),${buyerEmail},USD,29.00,0.00,,34.00,`);
  await page.getByLabel("Fulfilment").selectOption("unfulfilled");
  await expect(page.getByText("No orders with this status")).toBeVisible();
});
