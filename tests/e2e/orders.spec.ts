import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// Issue 15.6 in a real browser: the seller's orders from the dashboard, newest first, a page at a time, filtered by
// status; an order's amounts and history; another seller's order not found; axe on each page; a phone-sized screen.
//
// Refunding through the page is not driven here: the refund needs a payment provider configured on the server, and
// engineer A's built-in test provider had not landed on main when this was written, so this build has none. The
// page's answer for that case (the provider is not configured here: refund it at the provider) is checked instead;
// refundOrder itself, partial then full, is covered in tests/integration/refunds.test.ts. When the test provider is
// on main, the partial-then-full refund through this page belongs in this file.

test.use({ timezoneId: "America/New_York" });

type OrderRow = {
  status: string;
  product: string;
  email: string;
  amount: number;
  refunded?: number;
  code?: string | null;
  createdAt: string;
};

async function insertOrder(app: WorkerApp, userId: string, order: OrderRow): Promise<string> {
  const id = randomUUID();
  await app.pool.query(
    `insert into orders (id, user_id, product_name, customer_email, status, subtotal_cents, discount_cents, amount_cents, platform_fee_cents,
       refunded_cents, currency, discount_code, provider, provider_checkout_id, provider_payment_id, created_at, paid_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'USD', $11, 'test', $12, $13, $14, case when $5 <> 'pending' and $5 <> 'expired' then $14::timestamptz end)`,
    [
      id,
      userId,
      order.product,
      order.email,
      order.status,
      order.code ? order.amount + 200 : order.amount,
      order.code ? 200 : 0,
      order.amount,
      Math.round(order.amount * 0.08),
      order.refunded ?? 0,
      order.code ?? null,
      `cs_${id}`,
      `pay_${id}`,
      order.createdAt,
    ],
  );
  return id;
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
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
    createdAt: "2026-04-10T16:30:00Z",
  });
  await app.pool.query(
    `insert into order_events (order_id, from_status, to_status, cause, created_at) values ($1, 'pending', 'paid', 'webhook:test:evt_1', '2026-04-10T16:31:00Z')`,
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
  await insertOrder(app, creator.id, { status: "pending", product: "Templates", email: "ken@example.com", amount: 1200, createdAt: "2026-04-12T10:00:00Z" });
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
  await expect(page).toHaveURL(/\/orders$/);
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

  // One order: amounts, history; no provider is configured on this server, so the page says where to refund it.
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("link", { name: /order of Field Guide/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${discounted}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Field Guide" })).toBeVisible();
  await expect(page.getByText("Bought by grace@example.com on Apr 10, 2026, 12:30 PM (America/New_York)")).toBeVisible();
  const amounts = page.getByRole("definition");
  await expect(amounts.filter({ hasText: "$20.00" })).toHaveCount(1);
  await expect(page.getByText("Discount (SAVE2)")).toBeVisible();
  await expect(amounts.filter({ hasText: "−$2.00" })).toHaveCount(1);
  await expect(amounts.filter({ hasText: "$1.44" })).toHaveCount(1);
  await expect(page.getByText("Pending → Paid")).toBeVisible();
  await expect(page.getByText("Reported by the payment provider (test)")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "not configured on this server" })).toBeVisible();
  await expectNoViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await scrollsSideways(page)).toBe(false);

  // Another seller's order is not found.
  const response = await page.goto(`/orders/${othersOrder}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("Bob's secret")).toHaveCount(0);
});
