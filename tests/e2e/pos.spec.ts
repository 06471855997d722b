import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { fillTestCard } from "./support/commerce";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// The point of sale in a real browser: a retail seller opens a shift with a float, sells by tile, by search and by
// barcode, pays cash with change, goes offline (Playwright's offline mode) and sells across a reload, comes back
// online and sees each sale recorded once, then closes the shift and reads a Z-report whose cash matches.

async function chargeCash(page: Page, tendered: string) {
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Cash tendered").fill(tendered);
  await page.getByRole("button", { name: "Complete sale" }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
}

/** A retail seller with a Mug (10 in stock at their shop) and an e-book, on the POS page's first visit. */
async function counterWithMugs(page: Page, app: WorkerApp) {
  const creator = await createCreator(page, { storeName: "Corner Shop", businessTypes: ["retail_store"] });
  const insert = (text: string, values: unknown[]) => app.pool.query(text, values);
  const mug = (
    await insert(
      `insert into products (user_id, name, type, price_cents, currency, status) values ($1, 'Mug', 'physical', 1250, 'USD', 'published') returning id`,
      [creator.id],
    )
  ).rows[0].id as string;
  const mugVariant = (
    await insert(
      `insert into product_variants (product_id, user_id, sku, barcode) values ($1, $2, 'MUG-1', '4006381333931') returning id`,
      [mug, creator.id],
    )
  ).rows[0].id as string;
  await insert(
    `insert into products (user_id, name, type, price_cents, currency, status) values ($1, 'Field Guide', 'ebook', 500, 'USD', 'published')`,
    [creator.id],
  );

  // First visit: "Register 1" at a shop made from the setup; stock is received there.
  await page.goto("/tools/pos");
  await expect(page.getByRole("heading", { level: 1, name: "POS System" })).toBeVisible();
  const shop = (await insert(`select id from stock_locations where user_id = $1 and kind = 'shop'`, [creator.id]))
    .rows[0].id as string;
  await insert(
    `with m as (insert into stock_movements (user_id, variant_id, location_id, kind, quantity) values ($1, $2, $3, 'received', 10))
     insert into stock_levels (variant_id, location_id, user_id, on_hand) values ($2, $3, $1, 10)`,
    [creator.id, mugVariant, shop],
  );
  return { creator, mugVariant, shop, insert };
}

test("a counter sells by tile, search and barcode, offline across a reload, and closes its shift", async ({
  page,
  app,
  context,
}) => {
  test.setTimeout(120_000);
  const { creator, mugVariant, shop, insert } = await counterWithMugs(page, app);
  await page.getByLabel("Opening float").fill("100");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();
  await expect(page.getByRole("button", { name: /Mug/ })).toContainText("10 in stock");
  await expectNoViolations(page);

  // By tile, by search and by barcode; cash with change.
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByLabel("Search products").fill("guide");
  await page.getByRole("button", { name: /Field Guide/ }).click();
  await page.getByLabel("Scan or type a barcode").fill("4006381333931");
  await page.getByLabel("Scan or type a barcode").press("Enter");
  await expect(page.getByLabel("Quantity of Mug")).toHaveValue("2");
  await page.getByLabel("Scan or type a barcode").fill("0000");
  await page.getByLabel("Scan or type a barcode").press("Enter");
  await expect(page.getByText("No product has the barcode or SKU 0000.")).toBeVisible();
  await chargeCash(page, "40");
  await expect(page.getByText("Change: $10.00")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await insert(`select count(*)::int as n from orders where user_id = $1 and status = 'paid'`, [creator.id]))
          .rows[0].n,
    )
    .toBe(1);
  await page.getByRole("button", { name: "New sale" }).click();

  // Offline: two cash sales, kept across a reload.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Offline — 0 sales waiting")).toBeVisible();
  for (const tendered of ["20", "15"]) {
    await page.getByRole("button", { name: /Mug/ }).click();
    await chargeCash(page, tendered);
    await page.getByRole("button", { name: "New sale" }).click();
  }
  await expect(page.getByText("Offline — 2 sales waiting")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Offline — 2 sales waiting")).toBeVisible();

  // Back online: each sale recorded once, stock down by exactly what was sold.
  await context.setOffline(false);
  await expect(page.getByText(/sales waiting/)).toBeHidden({ timeout: 20_000 });
  const figures = async () =>
    (
      await insert(
        `select count(*)::int as orders, (select on_hand from stock_levels where variant_id = $2 and location_id = $3) as stock
         from orders where user_id = $1 and status = 'paid' and channel = 'pos'`,
        [creator.id, mugVariant, shop],
      )
    ).rows[0];
  await expect.poll(figures).toEqual({ orders: 3, stock: 6 });

  // Close the shift: float 100 + cash 30.00 + 12.50 + 12.50 = 155.00 expected.
  await page.reload();
  await page.getByLabel("Counted cash").fill("154");
  await page.getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Z-report" })).toBeVisible();
  await expect(page.getByText("Expected in drawer")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "$155.00" })).toBeVisible();
  await expect(page.getByText("Short")).toBeVisible();
  await expectNoViolations(page);

  // Mobile POS: the same point of sale at a phone's width, its next shift opened by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/mobile-pos");
  await expect(page.getByRole("heading", { level: 1, name: "Mobile POS" })).toBeVisible();
  await page.getByLabel("Opening float").fill("50");
  await page.getByLabel("Opening float").press("Enter");
  await expect(page.getByRole("button", { name: /Mug/ })).toContainText("6 in stock");
  await page.getByRole("button", { name: /Mug/ }).press("Enter");
  await expect(page.getByRole("button", { name: "Charge $12.50" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expectNoViolations(page);
});

test("a counter takes a card on the simulated reader, a payment on the buyer's phone, and a return with restock", async ({
  page,
  app,
  context,
}) => {
  test.setTimeout(120_000);
  const { creator, mugVariant, shop, insert } = await counterWithMugs(page, app);
  const figures = async () =>
    (
      await insert(
        `select count(*)::int as orders, (select on_hand from stock_levels where variant_id = $2 and location_id = $3) as stock,
           (select count(*)::int from drawer_movements d join shifts s on s.id = d.shift_id where s.user_id = $1) as drawer
         from orders where user_id = $1 and status = 'paid' and channel = 'pos'`,
        [creator.id, mugVariant, shop],
      )
    ).rows[0];
  await page.getByLabel("Opening float").fill("100");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();

  // Card: the reader waits, the test card is declined in the provider's words, the cart kept; then 4242 approves.
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Card", { exact: true }).check();
  await page.getByRole("button", { name: "Charge card" }).click();
  await expect(page.getByRole("status")).toHaveText("Waiting for card");
  await expectNoViolations(page);
  await page.getByLabel("Card on the test reader").fill("4000 0000 0000 0002");
  await page.getByLabel("Card on the test reader").press("Enter");
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  await expect(page.getByLabel("Quantity of Mug")).toHaveValue("1");
  await page.getByRole("button", { name: /4242 4242 4242 4242/ }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
  await expect.poll(figures).toEqual({ orders: 1, stock: 9, drawer: 0 });
  await page.getByRole("button", { name: "New sale" }).click();

  // Split: $5.00 in cash with $5.00 change, the rest on the reader; the sale completes when the card part is paid.
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Split").check();
  await page.getByLabel("Part amount (USD)").fill("5");
  await page.getByLabel("Cash tendered").fill("10");
  await page.getByRole("button", { name: "Add part" }).click();
  await expect(page.getByText("Left to pay: $7.50")).toBeVisible();
  await page.getByLabel("Part paid by").selectOption("card");
  await page.getByRole("button", { name: "Add part" }).click();
  await expect(page.getByText("The total is covered.")).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Charge card" }).click();
  await expect(page.getByRole("heading", { name: "Card reader · $7.50" })).toBeVisible();
  await page.getByRole("button", { name: /4242 4242 4242 4242/ }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
  await expect(page.getByText("Change: $5.00")).toBeVisible();
  await expect.poll(figures).toEqual({ orders: 2, stock: 8, drawer: 1 });
  await page.getByRole("button", { name: "New sale" }).click();

  // Pay on phone: the buyer opens the code's link on their phone and pays there; the register completes the sale.
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Pay on phone").check();
  await page.getByRole("button", { name: "Show payment code" }).click();
  await expect(page.getByRole("img", { name: "QR code of the payment link" })).toBeVisible();
  await expectNoViolations(page);
  const link = await page.getByRole("link", { name: /checkout\/test\// }).getAttribute("href");
  const phone = await context.newPage();
  await phone.goto(link ?? "");
  await fillTestCard(phone, "4242 4242 4242 4242");
  await phone.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible({ timeout: 15_000 });
  await expect.poll(figures).toEqual({ orders: 3, stock: 7, drawer: 1 });

  // A return at the counter: the newest sale's Mug refunded to its payment and restocked here.
  await page.getByRole("button", { name: "New sale" }).click();
  await page
    .getByText(/^Sale at .* · \$12\.50$/)
    .first()
    .click();
  await expect(page.getByLabel("Restock to this location").first()).toBeChecked();
  await page.getByRole("button", { name: "Refund Mug" }).first().click();
  await expect(page.getByText("Refunded $12.50")).toBeVisible();
  await expect.poll(figures).toEqual({ orders: 2, stock: 8, drawer: 1 });
  await expectNoViolations(page);
});
