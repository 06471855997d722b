import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { fillTestCard } from "./support/commerce";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// Physical goods in a real browser: the seller sets up a shipping zone and a rate on /tools/shipping on a phone-sized
// screen; a buyer opens a physical product's buy page for a variant, types the address, sees the shipping options of
// their country appear with their prices, pays with the test provider and gets a paid order with shipping.

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("a seller ships to the US, and a buyer pays a physical product with its shipping", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/shipping");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
  await expect(page.getByText("No shipping zones yet.")).toBeVisible();
  await expectNoViolations(page);

  await page.getByLabel("Zone name").fill("North America");
  await page.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Please choose at least one country, or Rest of world.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search countries" }).fill("united st");
  await page.getByRole("checkbox", { name: "United States", exact: true }).check();
  await page.getByRole("searchbox", { name: "Search countries" }).fill("canada");
  await page.getByRole("checkbox", { name: "Canada" }).check();
  await page.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByText("Shipping zone saved")).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "North America" })).toBeVisible();

  await page.getByLabel("Rate name").fill("Standard");
  await page.getByLabel("Flat price (USD)").fill("-5");
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText("Please enter a price of 0 or more, like 4.50.")).toBeVisible();
  await page.getByLabel("Flat price (USD)").fill("5");
  await page.getByRole("button", { name: "Add rate" }).click();
  await expect(page.getByText("Shipping rate saved")).toBeVisible();
  await expect(page.getByText("$5.00 per order")).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoViolations(page);

  // The catalog's physical product form is not this journey's: the product, its variants and stock are rows.
  const handle = `shop-${creator.id.slice(0, 8)}`;
  const productId = randomUUID();
  await app.pool.query("insert into storefronts (user_id, handle) values ($1, $2)", [creator.id, handle]);
  await app.pool.query(
    `insert into products (id, user_id, name, slug, type, pricing, price_cents, currency, status, published_at, options)
     values ($1, $2, 'Mug', 'mug', 'physical', 'fixed', 1200, 'USD', 'published', now(), '[{"name":"Colour","values":["Blue","Red"]}]')`,
    [productId, creator.id],
  );
  const online = (
    await app.pool.query(
      "insert into stock_locations (user_id, kind, name) values ($1, 'online', 'Online') returning id",
      [creator.id],
    )
  ).rows[0].id as string;
  const variants: Record<string, string> = {};
  for (const [position, [title, stock]] of [
    ["Blue", 3],
    ["Red", 0],
  ].entries()) {
    const id = (
      await app.pool.query(
        `insert into product_variants (product_id, user_id, title, option_values, sku, position) values ($1, $2, $3, $4, $5, $6) returning id`,
        [productId, creator.id, title, JSON.stringify([title]), `MUG-${title}-${productId.slice(0, 4)}`, position],
      )
    ).rows[0].id as string;
    variants[title as string] = id;
    await app.pool.query(
      "insert into stock_movements (user_id, variant_id, location_id, kind, quantity) values ($1, $2, $3, 'received', $4)",
      [creator.id, id, online, stock],
    );
    await app.pool.query(
      "insert into stock_levels (variant_id, location_id, user_id, on_hand) values ($1, $2, $3, $4)",
      [id, online, creator.id, stock],
    );
  }

  const buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await buyer.goto(`/s/${handle}/mug/buy?variant=${variants.Blue}&quantity=2`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(buyer.getByLabel("Option", { exact: true })).toHaveValue(variants.Blue!);
  await expect(buyer.getByText("Only 3 left", { exact: true })).toBeVisible();
  await expect(buyer.getByRole("option", { name: "Red · Sold out" })).toBeAttached();
  await buyer.getByLabel("Email").fill("mug-buyer@example.com");
  await buyer.getByLabel("Full name").fill("Ada Buyer");
  await buyer.getByLabel("Country").selectOption("US");
  // The options of the chosen country appear with their prices, before paying.
  await expect(buyer.getByRole("radio", { name: /Standard/ })).toBeVisible();
  await expect(buyer.getByRole("group", { name: "Shipping", exact: true })).toContainText("$5.00");
  await buyer.getByLabel("Address", { exact: true }).fill("1 Main Street");
  await buyer.getByLabel("City").fill("Springfield");
  await buyer.getByLabel("State").selectOption("IL");
  await buyer.getByLabel("Postcode").fill("6270");
  await buyer.getByRole("radio", { name: /Standard/ }).check();
  const summary = buyer.getByRole("definition").filter({ hasText: "$29.00" });
  await expect(summary).toBeVisible();
  await buyer.getByRole("button", { name: /Pay with card/ }).click();
  await expect(buyer.getByText("This postcode is not valid for United States.")).toBeVisible();
  await expectNoViolations(buyer);
  await buyer.getByLabel("Postcode").fill("62701");
  await buyer.getByRole("radio", { name: /Standard/ }).check();
  await buyer.getByRole("button", { name: /Pay with card/ }).click();
  await expect(buyer).toHaveURL(/\/checkout\/test\/tpc_/);
  await fillTestCard(buyer, "4242 4242 4242 4242");
  await buyer.getByRole("button", { name: /^Pay / }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();

  const order = (
    await app.pool.query(
      `select o.status, o.amount_cents, o.shipping_cents, o.shipping_rate_name, o.shipping_address, o.fulfilment_status,
         l.quantity, l.kind, l.variant_title
       from orders o join order_lines l on l.order_id = o.id where o.user_id = $1`,
      [creator.id],
    )
  ).rows[0];
  expect(order).toMatchObject({
    status: "paid",
    amount_cents: 2 * 1200 + 500,
    shipping_cents: 500,
    shipping_rate_name: "Standard",
    fulfilment_status: "unfulfilled",
    quantity: 2,
    kind: "physical",
    variant_title: "Blue",
  });
  expect(order.shipping_address).toMatchObject({ country: "US", region: "IL", postcode: "62701", city: "Springfield" });
  const level = (
    await app.pool.query("select on_hand, reserved from stock_levels where variant_id = $1", [variants.Blue])
  ).rows[0];
  expect(level).toEqual({ on_hand: 1, reserved: 0 });
});
