import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { insertOrder as insertOrderRow } from "../support/order-rows";
import type { OrderStatus } from "~/domains/orders/order-status";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";
import { drizzle } from "drizzle-orm/node-postgres";
import { refreshCustomerTotals } from "~/domains/orders/server/refresh-customer-totals.server";

// In a real browser: the seller's customers from the dashboard (one row per email whatever its case,
// spent net of refunds), search by email, sort, a customer's page with their orders linking to each order, the
// CSV exports downloaded from /customers and /orders (the status filter kept); another seller's buyers absent;
// axe on each page; a phone-sized screen.

test.use({ timezoneId: "America/New_York" });

async function insertOrder(
  app: WorkerApp,
  userId: string,
  order: { email: string; product: string; amount: number; status?: string; refunded?: number; createdAt: string },
): Promise<string> {
  const id = randomUUID();
  await insertOrderRow(drizzle(app.pool), {
    id,
    userId,
    productName: order.product,
    customerEmail: order.email,
    status: (order.status ?? "paid") as OrderStatus,
    subtotalCents: order.amount,
    amountCents: order.amount,
    platformFeeCents: 0,
    refundedCents: order.refunded ?? 0,
    provider: "test",
    createdAt: new Date(order.createdAt),
    paidAt: new Date(order.createdAt),
  });
  // Written directly, not through the state machine: keep the buyer's figures as it does.
  await refreshCustomerTotals(drizzle(app.pool), id);
  return id;
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("a creator lists, searches and opens their customers and downloads the CSV exports", async ({ page, app }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier" });
  const other = await createCreator(await page.context().browser()!.newPage(), { storeName: "Bob's Books" });
  await insertOrder(app, creator.id, {
    email: "Grace@Example.com",
    product: "Field Guide",
    amount: 1800,
    createdAt: "2026-04-10T16:30:00Z",
  });
  const course = await insertOrder(app, creator.id, {
    email: "grace@example.com",
    product: "Course",
    amount: 5000,
    refunded: 1000,
    createdAt: "2026-04-11T10:00:00Z",
  });
  await insertOrder(app, creator.id, {
    email: "linus@example.com",
    product: "Fonts",
    amount: 700,
    createdAt: "2026-04-12T10:00:00Z",
  });
  await insertOrder(app, creator.id, {
    email: "ken@example.com",
    product: "Templates",
    amount: 1200,
    status: "pending",
    createdAt: "2026-04-13T10:00:00Z",
  });
  await insertOrder(app, other.id, {
    email: "someone@example.com",
    product: "Bob's secret",
    amount: 100,
    createdAt: "2026-04-14T10:00:00Z",
  });

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "View customers" }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  // By last purchase: Linus (12 April), then Grace (two orders under two spellings, 68.00 − 10.00 refunded).
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText("linus@example.com");
  const grace = rows(page).filter({ hasText: "grace@example.com" });
  await expect(grace).toContainText("$58.00");
  await expect(grace).toContainText("Apr 10, 2026, 12:30 PM");
  await expect(grace.locator("td").nth(3)).toHaveText("2");
  await expect(page.getByText("ken@example.com")).toHaveCount(0);
  await expect(page.getByText("someone@example.com")).toHaveCount(0);
  await expectNoViolations(page);

  // Sort by total spent, then search.
  await page.getByLabel("Sort by").selectOption("spent");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/sort=spent/);
  await expect(rows(page).first()).toContainText("grace@example.com");
  await page.getByLabel("Email").fill("LIN");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("linus@example.com");
  await page.getByLabel("Email").fill("nobody");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: "No customer matches this email" })).toBeVisible();

  // The customers CSV.
  await page.goto("/customers");
  const customersDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export customers (CSV)" }).click();
  const customersFile = await customersDownload;
  expect(customersFile.suggestedFilename()).toMatch(/^sellkit-customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const customersCsv = await readFile((await customersFile.path())!, "utf8");
  expect(customersCsv.split("\r\n")[0]).toBe(
    "email,first_purchase_utc,first_purchase_local (America/New_York),last_purchase_utc,last_purchase_local (America/New_York),orders,currency,total_spent",
  );
  expect(customersCsv).toContain(
    "grace@example.com,2026-04-10T16:30:00Z,2026-04-10T12:30:00,2026-04-11T10:00:00Z,2026-04-11T06:00:00,2,USD,58.00\r\n",
  );
  expect(customersCsv).not.toContain("someone@example.com");

  // A customer's page, and on to an order.
  await rows(page).filter({ hasText: "grace@example.com" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/customers\/grace%40example\.com$/);
  await expect(page.getByRole("heading", { level: 1, name: "grace@example.com" })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expectNoViolations(page);
  await rows(page).filter({ hasText: "Course" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/orders/${course}$`));

  // The orders CSV, with /orders' status filter.
  await page.goto("/orders?status=partly_refunded");
  const ordersDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export these orders (CSV)" }).click();
  const ordersCsv = await readFile((await (await ordersDownload).path())!, "utf8");
  const records = ordersCsv.trimEnd().split("\r\n");
  expect(records).toHaveLength(2);
  expect(records[1]).toBe(
    `${course},2026-04-11T10:00:00Z,2026-04-11T06:00:00,2026-04-11T10:00:00Z,partly_refunded,Course,grace@example.com,USD,50.00,0.00,,50.00,0.00,10.00,40.00`,
  );

  // A phone-sized screen: nothing scrolls sideways but the table.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/customers");
  await expect(rows(page)).toHaveCount(2);
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoViolations(page);
});
