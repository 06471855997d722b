import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { fillTestCard } from "./support/commerce";
import { uniqueEmail, waitForMail } from "./support/mail";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// The point of sale in a real browser, the whole journey: a shift opened with a float; sales by tile, search
// and barcode with a store code and cash change; a card declined then approved on the simulated reader; a buyer paying
// on their phone; cash sales offline across a reload, each recorded once back online; a return found by its receipt
// number, refunded and restocked; the shift closed on a Z-report whose figures match the orders and the stock.

async function chargeCash(page: Page, tendered: string) {
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Cash tendered").fill(tendered);
  await page.getByRole("button", { name: "Complete sale" }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
}

/**
 * Waits until the POS service worker has done every keep asked of it so far; it does them in order and answers on a
 * port. Then says whether the page it keeps for an offline reload has the open shift.
 */
async function keptWithOpenShift(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const done = new Promise((resolve) => {
      channel.port1.onmessage = resolve;
    });
    registration.active?.postMessage({ type: "keep", urls: [] }, [channel.port2]);
    await done;
    const kept = await (await caches.open("sellkit-pos-v1")).match("/tools/pos");
    return (await kept?.text())?.includes("Current sale") ?? false;
  });
}

/** A retail seller with a Mug (`mugs` in stock at their shop) and an e-book, on the POS page's first visit. */
async function counterWithMugs(page: Page, app: WorkerApp, mugs = 10) {
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
    `with m as (insert into stock_movements (user_id, variant_id, location_id, kind, quantity) values ($1, $2, $3, 'received', $4))
     insert into stock_levels (variant_id, location_id, user_id, on_hand) values ($2, $3, $1, $4)`,
    [creator.id, mugVariant, shop, mugs],
  );
  return { creator, mugVariant, shop, insert };
}

test("a counter's day: every way to sell, offline across a reload, a return, and a Z-report matching orders and stock", async ({
  page,
  app,
  context,
}) => {
  test.setTimeout(240_000);
  const { creator, mugVariant, shop, insert } = await counterWithMugs(page, app);
  await insert(`insert into discount_codes (user_id, code, kind, percent_off) values ($1, 'FAIR10', 'percent', 10)`, [
    creator.id,
  ]);
  const figures = async () =>
    (
      await insert(
        `select count(*)::int as orders, (select on_hand from stock_levels where variant_id = $2 and location_id = $3) as stock
         from orders where user_id = $1 and status = 'paid' and channel = 'pos'`,
        [creator.id, mugVariant, shop],
      )
    ).rows[0];
  await page.getByLabel("Opening float").fill("100");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();
  await expect(page.getByRole("button", { name: /Mug/ })).toContainText("10 in stock");
  await expectNoViolations(page);

  // The camera: without one (or without permission) the seller is told so in plain words.
  await page.getByRole("button", { name: "Scan", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText(/camera/i);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // By tile, by search and by barcode; a store code; cash with change.
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByLabel("Search products").fill("guide");
  await page.getByRole("button", { name: /Field Guide/ }).click();
  await page.getByLabel("Scan or type a barcode").fill("4006381333931");
  await page.getByLabel("Scan or type a barcode").press("Enter");
  await expect(page.getByLabel("Quantity of Mug")).toHaveValue("2");
  await page.getByLabel("Scan or type a barcode").fill("0000");
  await page.getByLabel("Scan or type a barcode").press("Enter");
  await expect(page.getByText("No product has the barcode or SKU 0000.")).toBeVisible();
  await page.getByLabel("Discount code").fill("nope");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This discount code is not valid.")).toBeVisible();
  await page.getByLabel("Discount code").fill("fair10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Code FAIR10 · -$3.00")).toBeVisible();
  await chargeCash(page, "40");
  await expect(page.getByText("Change: $13.00")).toBeVisible();
  await expect.poll(figures).toEqual({ orders: 1, stock: 8 });
  await page.getByRole("button", { name: "New sale" }).click();

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
  await expect.poll(figures).toEqual({ orders: 2, stock: 7 });
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
  await phone.close();
  await expect.poll(figures).toEqual({ orders: 3, stock: 6 });
  await page.getByRole("button", { name: "New sale" }).click();

  // Offline: two cash sales kept across a reload; no code can be checked meanwhile.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Offline — 0 sales waiting")).toBeVisible();
  for (const tendered of ["20", "15"]) {
    await page.getByRole("button", { name: /Mug/ }).click();
    await expect(page.getByLabel("Discount code")).toBeDisabled();
    await chargeCash(page, tendered);
    await page.getByRole("button", { name: "New sale" }).click();
  }
  await expect(page.getByText("Offline — 2 sales waiting")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Offline — 2 sales waiting")).toBeVisible();

  // Back online: each sale recorded once, stock down by exactly what was sold.
  await context.setOffline(false);
  await expect(page.getByText(/sales? waiting|waiting sales?/)).toBeHidden({ timeout: 20_000 });
  await expect.poll(figures).toEqual({ orders: 5, stock: 4 });

  // A return: the first sale found by its receipt number, one Mug refunded from the drawer and restocked here.
  const first = (await insert(`select id from orders where user_id = $1 and discount_code = 'FAIR10'`, [creator.id]))
    .rows[0].id as string;
  const receipt = first.replace(/-/g, "").slice(0, 8).toUpperCase();
  await page.reload();
  await page.getByLabel("Find a sale").fill(receipt);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("status").filter({ hasText: `1 sale found for “${receipt}”.` })).toBeVisible();
  await page.getByText(/^Sale at .* · \$27\.00$/).click();
  await expect(page.getByText(`#${receipt}`)).toBeVisible();
  await page.getByLabel("Units of Mug to refund").fill("1");
  await expect(page.getByLabel("Restock to this location")).toBeChecked();
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("Refunded $11.25")).toBeVisible();
  await expect.poll(figures).toEqual({ orders: 5, stock: 5 });
  await expectNoViolations(page);

  // Close: float 100 + cash 27.00 + 12.50 + 12.50 − the 11.25 refunded = 140.75 expected, counted exactly.
  await page.getByLabel("Counted cash").fill("140.75");
  await page.getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Z-report" })).toBeVisible();
  const row = (label: string) =>
    page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(row("Sales")).toHaveText("5");
  await expect(row("Gross sales")).toHaveText("$80.00");
  await expect(row("Discounts")).toHaveText("-$3.00");
  await expect(row("Refunds")).toHaveText("-$11.25");
  await expect(row("Net sales")).toHaveText("$65.75");
  await expect(row("Expected in drawer")).toHaveText("$140.75");
  await expect(row("5 × Mug")).toBeVisible();
  await expect(row("Over")).toHaveText("$0.00");
  // The report's figures are the orders' and the stock's.
  const books = (
    await insert(
      `select sum(amount_cents - refunded_cents)::int as net, sum(discount_cents)::int as discounts
       from orders where user_id = $1 and channel = 'pos' and status in ('paid', 'refunded')`,
      [creator.id],
    )
  ).rows[0];
  expect(books).toEqual({ net: 6575, discounts: 300 });
  expect((await figures()).stock).toBe(10 - 5);
  await expectNoViolations(page);

  // Mobile POS: the same point of sale at a phone's width, its next shift opened by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/mobile-pos");
  await expect(page.getByRole("heading", { level: 1, name: "Mobile POS" })).toBeVisible();
  await page.getByLabel("Opening float").fill("50");
  await page.getByLabel("Opening float").press("Enter");
  await expect(page.getByRole("button", { name: /Mug/ })).toContainText("5 in stock");
  await page.getByRole("button", { name: /Mug/ }).press("Enter");
  await expect(page.getByRole("button", { name: "Charge $12.50" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expectNoViolations(page);
});

test("20 cash sales made offline across a reload are recorded exactly once, and the drawer reconciles", async ({
  page,
  app,
  context,
}) => {
  test.setTimeout(240_000);
  const { creator, mugVariant, shop, insert } = await counterWithMugs(page, app, 30);
  await page.getByLabel("Opening float").fill("50");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();
  // The service worker has kept the page with its open shift: from now on it opens without a network. A reload
  // online passes the page through the worker, as a seller's next visit would.
  await page.reload();
  await expect(page.getByRole("button", { name: "Close shift" })).toBeVisible();
  expect(await keptWithOpenShift(page)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  // The banner is drawn once the page runs and has read its outbox: only then does a tap add to the cart.
  await expect(page.getByText("Offline — 0 sales waiting")).toBeVisible();
  // The parts loaded on demand open offline too, though none was opened online: returns, and the camera's dialog.
  await expect(page.getByLabel("Find a sale")).toBeVisible();
  await page.getByRole("button", { name: "Scan", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText(/camera/i);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  let cash = 0;
  let units = 0;
  for (let sale = 1; sale <= 20; sale += 1) {
    if (sale === 11) {
      await page.reload();
      await expect(page.getByText("Offline — 10 sales waiting")).toBeVisible();
    }
    const quantity = (sale % 2) + 1;
    for (let unit = 0; unit < quantity; unit += 1) await page.getByRole("button", { name: /^Mug/ }).click();
    await chargeCash(page, "50");
    await page.getByRole("button", { name: "New sale" }).click();
    cash += 1250 * quantity;
    units += quantity;
  }
  await expect(page.getByText("Offline — 20 sales waiting")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText(/sales? waiting|waiting sales?/)).toBeHidden({ timeout: 30_000 });
  const figures = async () =>
    (
      await insert(
        `select count(*)::int as orders, coalesce(sum(amount_cents), 0)::int as cash,
           (select on_hand from stock_levels where variant_id = $2 and location_id = $3) as stock
         from orders where user_id = $1 and status = 'paid' and channel = 'pos'`,
        [creator.id, mugVariant, shop],
      )
    ).rows[0];
  await expect.poll(figures).toEqual({ orders: 20, cash, stock: 30 - units });
  // Float + cash tendered − change: each buyer handed 50.00 over and got the rest back.
  const tendered = 5000 * 20;
  const expected = 5000 + tendered - (tendered - cash);
  await page.reload();
  // Enabled once the page has read its outbox and found nothing waiting.
  await expect(page.getByRole("button", { name: "Close shift" })).toBeEnabled();
  await page.getByLabel("Counted cash").fill(String(expected / 100));
  await page.getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Z-report" })).toBeVisible();
  await expect(page.getByText("Over")).toBeVisible();
  const report = (await insert(`select report from shifts where user_id = $1 and closed_at is not null`, [creator.id]))
    .rows[0].report;
  expect(report).toMatchObject({
    salesCount: 20,
    expectedCashCents: expected,
    overShortCents: 0,
  });
});

test("a page asked for before the shift opened and answered late never replaces the kept page with the open shift", async ({
  page,
  app,
  context,
}) => {
  // The worker's first fetch of the page (the first visit's keep) is answered only after an online reload stored the
  // page with its open shift, and the connection then dropped: a slow network on a loaded device.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  let first = true;
  await context.route("**/tools/pos", async (route, request) => {
    if (!request.serviceWorker() || !first) return route.fallback();
    first = false;
    const response = await route.fetch();
    const body = await response.text();
    held();
    await released;
    await route.fulfill({ response, body });
  });
  await counterWithMugs(page, app);
  await holding;
  await page.getByLabel("Opening float").fill("50");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Close shift" })).toBeVisible();
  await context.setOffline(true);
  release();
  expect(await keptWithOpenShift(page)).toBe(true);
  await page.reload();
  await expect(page.getByText("Offline — 0 sales waiting")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Mug/ })).toBeVisible();
});

test("a split sale: part cash with its change, the rest on the reader, completes when the card part is paid", async ({
  page,
  app,
}) => {
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
  await page.getByLabel("Opening float").fill("50");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();

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
  await expect.poll(figures).toEqual({ orders: 1, stock: 9, drawer: 1 });
});

test("the receipt is emailed only when the buyer gives an address for it, and the cashier hears when it was not", async ({
  page,
  app,
}) => {
  const { insert } = await counterWithMugs(page, app);
  const buyer = uniqueEmail("counter-buyer");
  await page.getByLabel("Opening float").fill("0");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();

  // No address asked for unless the receipt is to be emailed; the choice works from the keyboard.
  await page.getByRole("button", { name: /Mug/ }).click();
  await expect(page.getByLabel("Buyer's email for the receipt")).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Email the receipt" }).focus();
  await page.keyboard.press("Space");
  await page.getByLabel("Buyer's email for the receipt").fill(buyer);
  await expectNoViolations(page);
  await chargeCash(page, "20");
  await expect(page.getByText(`The receipt goes to ${buyer}.`)).toBeVisible();
  expect((await waitForMail(buyer, "Your receipt from Corner Shop")).subject).toBe("Your receipt from Corner Shop");
  await page.getByRole("button", { name: "New sale" }).click();

  // Past the address's hourly limit the sale is made, and the cashier is told the receipt did not go.
  await insert(
    `insert into app_rate_limits (bucket, hits, window_started_at) values ($1, 100, now())
     on conflict (bucket) do update set hits = 100, window_started_at = now()`,
    [`counter-receipt-recipient:${buyer}`],
  );
  await page.getByRole("button", { name: /Mug/ }).click();
  await page.getByRole("checkbox", { name: "Email the receipt" }).check();
  await page.getByLabel("Buyer's email for the receipt").fill(buyer);
  await chargeCash(page, "20");
  await expect(page.getByText(/^The receipt was not emailed: too many receipts went to this address/)).toBeVisible();
});
