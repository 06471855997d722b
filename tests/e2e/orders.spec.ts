import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { drizzle } from "drizzle-orm/node-postgres";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import type { OrderStatus } from "~/domains/orders/order-status";
import { insertOrder as insertOrderRow } from "../support/order-rows";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// In a real browser: the seller's orders from the dashboard, newest first, a page at a time, filtered by
// status; an order's amounts and history; another seller's order not found; axe on each page; a phone-sized screen.
// A real purchase with the built-in test provider refunded from its order page, in part and then in full (the
// buyer's download page is then revoked); an order paid through a provider this server is not configured for
// (PayPal: the worker app has Stripe's stand-in only) says where to refund it instead.

test.use({ timezoneId: "America/New_York" });

type OrderRow = {
  status: string;
  product: string;
  email: string;
  amount: number;
  refunded?: number;
  code?: string | null;
  provider?: string;
  createdAt: string;
};

async function insertOrder(app: WorkerApp, userId: string, order: OrderRow): Promise<string> {
  const id = randomUUID();
  const placed = order.status !== "pending" && order.status !== "expired";
  await insertOrderRow(drizzle(app.pool), {
    id,
    userId,
    productName: order.product,
    customerEmail: order.email,
    status: order.status as OrderStatus,
    subtotalCents: order.code ? order.amount + 200 : order.amount,
    discountCents: order.code ? 200 : 0,
    amountCents: order.amount,
    platformFeeCents: Math.round(order.amount * 0.08),
    refundedCents: order.refunded ?? 0,
    discountCode: order.code ?? null,
    provider: order.provider ?? "test",
    providerCheckoutId: `cs_${id}`,
    providerPaymentId: `pay_${id}`,
    createdAt: new Date(order.createdAt),
    paidAt: placed ? new Date(order.createdAt) : null,
  });
  return id;
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("a creator lists, filters and pages their orders and opens one", async ({ page, app }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const other = await createCreator(await page.context().browser()!.newPage(), { storeName: "Bob's Books" });
  // 25 older paid orders fill the first page's end and push one to the second page.
  for (let i = 0; i < 25; i += 1)
    await insertOrder(app, creator.id, {
      status: "paid",
      product: `Sketchbook ${i + 1}`,
      email: `buyer${i}@example.com`,
      amount: 900,
      createdAt: `2026-03-${String(i + 1).padStart(2, "0")}T12:00:00Z`,
    });
  const discounted = await insertOrder(app, creator.id, {
    status: "paid",
    product: "Field Guide",
    email: "grace@example.com",
    amount: 1800,
    code: "SAVE2",
    provider: "paypal",
    createdAt: "2026-04-10T16:30:00Z",
  });
  await app.pool.query(
    `insert into order_events (order_id, from_status, to_status, cause, created_at) values ($1, 'pending', 'paid', 'webhook:paypal:evt_1', '2026-04-10T16:31:00Z')`,
    [discounted],
  );
  await insertOrder(app, creator.id, {
    status: "paid",
    product: "Course",
    email: "linus@example.com",
    amount: 5000,
    refunded: 1000,
    createdAt: "2026-04-11T10:00:00Z",
  });
  // Pending at PayPal, which this server is not configured for: the per-minute reconciler cannot ask about it and
  // leaves it pending (at the test provider, whose ledger does not know it, a run during the test would expire it).
  await insertOrder(app, creator.id, {
    status: "pending",
    product: "Templates",
    email: "ken@example.com",
    amount: 1200,
    provider: "paypal",
    createdAt: "2026-04-12T10:00:00Z",
  });
  await insertOrder(app, creator.id, {
    status: "refunded",
    product: "Fonts",
    email: "ada@example.com",
    amount: 700,
    refunded: 700,
    createdAt: "2026-04-13T10:00:00Z",
  });
  const othersOrder = await insertOrder(app, other.id, {
    status: "paid",
    product: "Bob's secret",
    email: "someone@example.com",
    amount: 100,
    createdAt: "2026-04-14T10:00:00Z",
  });

  // A hydrated page tells the server the browser's time zone; the dashboard links to the orders.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "View orders" }).click();
  // The client navigation waits for the orders' data: on a loaded CI machine that took over the 5 s default once.
  await expect(page).toHaveURL(/\/orders$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByText("Times are in your time zone, America/New_York.")).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  // Newest first, dates in the creator's zone (16:30 UTC is 12:30 PM in New York in April).
  await expect(rows(page).first()).toContainText("Fonts");
  await expect(rows(page).first()).toContainText("Refunded");
  const guide = rows(page).filter({ hasText: "Field Guide" });
  await expect(guide).toContainText("Apr 10, 2026, 12:30 PM");
  await expect(guide).toContainText("grace@example.com");
  await expect(guide).toContainText("$18.00");
  await expect(guide).toContainText("SAVE2");
  await expect(rows(page).filter({ hasText: "Course" })).toContainText("Partly refunded");
  await expect(page.getByText("Bob's secret")).toHaveCount(0);
  await expectNoViolations(page);

  // The next page: the one order left, then back to the newest.
  await page.getByRole("link", { name: "Older orders" }).click();
  await expect(rows(page)).toHaveCount(4);
  await expect(rows(page).last()).toContainText("Sketchbook 1");
  await page.getByRole("link", { name: "Newest orders" }).click();
  await expect(rows(page)).toHaveCount(25);

  // Filter by status.
  await page.getByLabel("Status").selectOption("partly_refunded");
  await expect(page).toHaveURL(/status=partly_refunded/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Course");
  await page.getByLabel("Status").selectOption("pending");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("ken@example.com");
  await page.getByLabel("Status").selectOption("disputed");
  await expect(page.getByText("No orders with this status")).toBeVisible();
  await expectNoViolations(page);

  // One order: amounts, history; paid through PayPal, which this server is not configured for, so the page says
  // where to refund it (no refund form).
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("link", { name: /order of Field Guide/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${discounted}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Field Guide" })).toBeVisible();
  await expect(
    page.getByText("Bought by grace@example.com on Apr 10, 2026, 12:30 PM (America/New_York)"),
  ).toBeVisible();
  const amounts = page.getByRole("definition");
  await expect(amounts.filter({ hasText: "$20.00" })).toHaveCount(1);
  await expect(page.getByText("Discount (SAVE2)")).toBeVisible();
  await expect(amounts.filter({ hasText: "−$2.00" })).toHaveCount(1);
  await expect(amounts.filter({ hasText: "$1.44" })).toHaveCount(1);
  await expect(page.getByText("Paid $18.00", { exact: true })).toBeVisible();
  await expect(page.getByText("Reported by the payment provider (paypal)")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "not configured on this server" })).toBeVisible();
  await expect(page.getByLabel("Amount to refund")).toHaveCount(0);
  await expectNoViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);

  // Another seller's order is not found.
  const response = await page.goto(`/orders/${othersOrder}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("Bob's secret")).toHaveCount(0);
});

test("a creator refunds a test-provider purchase from its order page, in part and then in full", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const { buyPath } = await publishProductDirectly(app, creator.id, { name: "Field Guide", priceCents: 1250 });
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  const { orderId, downloadUrl } = await buyWithTestCard(buyerPage, buyPath, uniqueEmail("refunded-buyer"));

  // The creator opens the order from the list.
  await page.goto("/orders");
  await page.getByRole("link", { name: /order of Field Guide/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByText("Reported by the payment provider (test)")).toBeVisible();

  // Partial: 5.00 of 12.50, reviewed then confirmed.
  const amount = page.getByLabel("Amount to refund");
  await expect(amount).toHaveValue("12.50");
  await amount.fill("5");
  await page.getByRole("button", { name: "Review refund" }).click();
  await expect(page.getByText(/Refund \$5\.00 to .+\? The buyer keeps access to the files\./)).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Refund $5.00" }).click();
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("$5.00");
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("refunded");
  await expect(page.getByText("Partly refunded").first()).toBeVisible();
  await expect(page.getByLabel("Amount to refund")).toHaveValue("7.50");
  // The buyer still has their files.
  const stillOpen = await buyerPage.goto(downloadUrl);
  expect(stillOpen?.status()).toBe(200);

  // Full: the remaining 7.50; the order is refunded and nothing is left to refund.
  await page.getByRole("button", { name: "Review refund" }).click();
  await expect(page.getByText(/This refunds the whole order and ends the buyer's access to the files\./)).toBeVisible();
  await page.getByRole("button", { name: "Refund $7.50" }).click();
  await expect(page.getByText("Only paid orders can be refunded; this one is refunded.")).toBeVisible();
  await expect(page.getByLabel("Amount to refund")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Refunds" }).getByRole("listitem")).toHaveCount(2);
  await expectNoViolations(page);
  const order = (await app.pool.query(`select status, refunded_cents from orders where id = $1`, [orderId])).rows[0];
  expect(order).toEqual({ status: "refunded", refunded_cents: 1250 });

  // The buyer's download page is revoked.
  const revoked = await buyerPage.goto(downloadUrl);
  expect(revoked?.status()).toBe(410);
  await expect(buyerPage.getByText("Access to this purchase has been revoked because it was refunded.")).toBeVisible();
  await buyer.close();
});

test("a creator reads an order's items and refunds one mug of it, back into stock", async ({ page, app }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const db = drizzle(app.pool);
  const { productId: guide } = await publishProductDirectly(app, creator.id, { name: "Field Guide", priceCents: 1000 });
  const mug = randomUUID();
  await app.pool.query(
    `insert into products (id, user_id, name, slug, type, price_cents, currency, status) values ($1, $2, 'Mug', 'mug', 'physical', 1200, 'USD', 'published')`,
    [mug, creator.id],
  );
  const variant = (
    await app.pool.query(
      `insert into product_variants (product_id, user_id, title, sku) values ($1, $2, 'Blue', 'MUG-BLUE') returning id`,
      [mug, creator.id],
    )
  ).rows[0].id as string;
  const online = await ensureOnlineLocation(db, creator.id);
  await recordStockMovements(db, creator.id, creator.id, [
    { variantId: variant, locationId: online, kind: "received", quantity: 5 },
  ]);
  const buyer = uniqueEmail("lines-buyer");
  const paymentId = `tpp_${randomUUID()}`;
  const { id: orderId } = await insertOrderRow(db, {
    userId: creator.id,
    storeName: "Ada's Atelier",
    customerEmail: buyer,
    status: "paid",
    provider: "test",
    providerPaymentId: paymentId,
    shippingCents: 500,
    locationId: online,
    paidAt: new Date(),
    lines: [
      { productId: guide, productName: "Field Guide", unitPriceCents: 1000 },
      {
        kind: "physical",
        productId: mug,
        variantId: variant,
        productName: "Mug",
        variantTitle: "Blue",
        sku: "MUG-BLUE",
        unitPriceCents: 1200,
        quantity: 2,
      },
    ],
  });
  await app.pool.query(
    `insert into test_provider_checkouts (id, amount_cents, currency, description, customer_email, reference, success_url, cancel_url,
       status, payment_id, expires_at)
     values ($1, 3900, 'USD', 'Field Guide + 1 more', $2, $3, 'http://127.0.0.1/ok', 'http://127.0.0.1/no', 'paid', $4, now() + interval '1 hour')`,
    [`tpc_${randomUUID()}`, buyer, orderId, paymentId],
  );

  // The list names the order by its lines; its page lists each item.
  await page.goto("/orders");
  await page.getByRole("link", { name: /order of Field Guide \+ 1 more/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Field Guide + 1 more" })).toBeVisible();
  const items = page.getByRole("table", { name: "Items of the order" });
  const mugRow = items.getByRole("row").filter({ hasText: "Mug" });
  await expect(mugRow).toContainText("Blue");
  await expect(mugRow).toContainText("MUG-BLUE");
  await expect(mugRow).toContainText("$12.00");
  await expect(mugRow).toContainText("$24.00");
  await expect(page.getByRole("definition").filter({ hasText: "$5.00" })).toHaveCount(1);
  await expectNoViolations(page);

  // One of the two mugs, back into stock, priced by the server.
  await page.getByLabel("Units of Mug (Blue) to refund, up to 2").fill("1");
  await page.getByLabel("Put the refunded physical units back in stock").check();
  await page.getByRole("button", { name: "Review item refund" }).click();
  await expect(page.getByText(/Refund \$12\.00 to .+\? .*The physical units go back into stock\./)).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Refund $12.00" }).click();
  await expect(page.getByRole("list", { name: "Refunds" })).toContainText("$12.00 for 1 × Mug (Blue), restocked");
  await expect(mugRow).toContainText("1 restocked");
  await expect(page.getByText("Partly refunded").first()).toBeVisible();
  const level = (
    await app.pool.query(`select on_hand from stock_levels where variant_id = $1 and location_id = $2`, [
      variant,
      online,
    ])
  ).rows[0];
  expect(level).toEqual({ on_hand: 6 });
});
