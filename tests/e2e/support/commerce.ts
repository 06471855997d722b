import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./test";
import type { WorkerApp } from "./worker-app";

/** The test provider's card form on its TEST MODE page, filled with `cardNumber` and valid other fields. */
export async function fillTestCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Buyer");
}

/**
 * A published product of an existing creator (their store made if they have none), with one small file record,
 * made directly in the worker's database; returns its checkout page's path.
 */
export async function publishProductDirectly(
  app: WorkerApp,
  userId: string,
  { name = "Field Guide", slug = "field-guide", priceCents = 1250 } = {},
): Promise<{ productId: string; buyPath: string }> {
  const productId = randomUUID();
  await app.pool.query(`insert into storefronts (user_id, handle) values ($1, $2) on conflict (user_id) do nothing`, [
    userId,
    `shop-${userId.slice(0, 8)}`,
  ]);
  const { handle } = (await app.pool.query(`select handle from storefronts where user_id = $1`, [userId])).rows[0] as {
    handle: string;
  };
  await app.pool.query(
    `insert into products (id, user_id, name, slug, price_cents, currency, status, published_at) values ($1, $2, $3, $4, $5, 'USD', 'published', now())`,
    [productId, userId, name, slug, priceCents],
  );
  await app.pool.query(
    `insert into product_files (product_id, user_id, upload_id, name, content_type, size, completed_at) values ($1, $2, $3, 'guide.pdf', 'application/pdf', 1024, now())`,
    [productId, userId, `upload-${productId}`],
  );
  return { productId, buyPath: `/s/${handle}/${slug}/buy` };
}

/**
 * A signed-out buyer (`page` of a context without a session) buys on the checkout page at `buyPath` with the test
 * provider's card 4242…, and lands on the thank-you page; returns the order's id and its download page's link.
 */
export async function buyWithTestCard(
  page: Page,
  buyPath: string,
  email: string,
): Promise<{ orderId: string; downloadUrl: string }> {
  await page.goto(buyPath);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Pay with card/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/tpc_/);
  await fillTestCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  const downloadUrl = (await page.getByRole("link", { name: "Download your files" }).getAttribute("href"))!;
  return { orderId, downloadUrl };
}
