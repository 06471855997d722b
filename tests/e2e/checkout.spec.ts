import { inTransaction } from "../support/pg-transaction";
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// In a real browser, signed out: a buyer pays a published product on the TEST MODE page with 4242…, gets
// the receipt mail and the thank-you page; 4000…0002 is declined in plain words (no paid order); 4000 0025 0000
// 3155 asks for the extra step; a discount code lowers the total; axe on the checkout, TEST MODE and return pages;
// a purchase with the keyboard only.

type Seller = { id: string; handle: string; slug: string; name: string };

/** A seller with a store and a published product with one small file, made directly in the worker's database. */
async function createSeller(app: WorkerApp, { priceCents = 1250, name = "Field Guide" } = {}): Promise<Seller> {
  const id = randomUUID();
  const handle = `shop-${id.slice(0, 8)}`;
  const productId = randomUUID();
  await inTransaction(app.pool, async (client) => {
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, 'Ada Lovelace', $2, true)`, [
      id,
      `seller-${id}@example.com`,
    ]);
    await client.query(`insert into profiles (user_id, first_name, last_name) values ($1, 'Ada', 'Lovelace')`, [id]);
    await client.query(
      `insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, phone, preferred_delivery, preferred_payment, terms_accepted_at)
       values ($1, 'Ada''s Atelier', 'Field guides', array['online_store'], 'Hikers', '+420 777 123 456', array['digital'], array['card'], now())`,
      [id],
    );
    await client.query(`insert into storefronts (user_id, handle) values ($1, $2)`, [id, handle]);
    await client.query(
      `insert into products (id, user_id, name, slug, price_cents, currency, status, published_at) values ($1, $2, $3, 'field-guide', $4, 'USD', 'published', now())`,
      [productId, id, name, priceCents],
    );
    await client.query(
      `insert into product_files (product_id, user_id, upload_id, name, content_type, size, completed_at) values ($1, $2, $3, 'guide.pdf', 'application/pdf', 1024, now())`,
      [productId, id, `upload-${productId}`],
    );
  });
  return { id, handle, slug: "field-guide", name };
}

const paidOrders = async (app: WorkerApp, email: string) =>
  Number(
    (
      await app.pool.query(`select count(*)::int as n from orders where customer_email = $1 and status = 'paid'`, [
        email,
      ])
    ).rows[0].n,
  );

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ada Buyer");
}

test("a signed-out buyer pays with 4242…, gets the receipt mail, and the return page thanks them", async ({
  page,
  app,
}) => {
  test.setTimeout(60_000);
  const seller = await createSeller(app);
  const email = uniqueEmail("buyer");
  await page.goto(`/s/${seller.handle}/${seller.slug}`);
  await page.getByRole("link", { name: /Buy/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText("TEST MODE").first()).toBeVisible();
  await expectNoViolations(page);

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Pay with card/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/tpc_/);
  await expect(page).toHaveTitle(/^TEST MODE/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay $12.50" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoViolations(page);

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(page.getByText(`Your receipt is on its way to ${email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Download your files" })).toHaveAttribute(
    "href",
    /\/purchases\/[0-9a-f-]{36}\?token=/,
  );
  await expectNoViolations(page);

  const receipt = await waitForMail(email, "Your receipt from Ada's Atelier");
  expect(receipt.text).toContain("Amount paid: $12.50");
  expect(linkIn(receipt)).toMatch(/\/purchases\/[0-9a-f-]{36}\?token=/);
  expect(await paidOrders(app, email)).toBe(1);
});

test("4000…0002 is declined in plain words and creates no paid order; 3155 asks for the extra step", async ({
  page,
  app,
}) => {
  test.setTimeout(60_000);
  const seller = await createSeller(app);
  const email = uniqueEmail("declined");
  await page.goto(`/s/${seller.handle}/${seller.slug}/buy`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /Pay with card/ }).click();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  expect(await paidOrders(app, email)).toBe(0);
  await expectNoViolations(page);

  await fillCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(page.getByRole("heading", { name: "Confirm this payment" })).toBeVisible();
  await page.getByRole("button", { name: "Fail authentication" }).click();
  await expect(page.getByRole("alert")).toContainText("We could not authenticate your payment.");
  expect(await paidOrders(app, email)).toBe(0);

  await fillCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Pay $12.50" }).click();
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  expect(await paidOrders(app, email)).toBe(1);
});

test("a discount code lowers the total, and a keyboard-only buyer completes the purchase", async ({ page, app }) => {
  test.setTimeout(60_000);
  const seller = await createSeller(app, { priceCents: 2000 });
  await app.pool.query(
    `insert into discount_codes (user_id, code, kind, percent_off) values ($1, 'SPRING25', 'percent', 25)`,
    [seller.id],
  );
  const email = uniqueEmail("keyboard");
  await page.goto(`/s/${seller.handle}/${seller.slug}/buy`);
  await page.getByLabel("Email").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("spring25");
  await page.keyboard.press("Enter"); // the first button of the form: Apply
  const summary = page.getByRole("definition").filter({ hasText: "$15.00" });
  await expect(summary).toBeVisible();
  await expect(page.getByText("−$5.00")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectNoViolations(page);

  await page.getByRole("button", { name: /Pay with card/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Pay $15.00" })).toBeVisible();
  await page.getByLabel("Card number").focus();
  await page.keyboard.type("4242424242424242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12/40");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Ada Buyer");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  const receipt = await waitForMail(email, "Your receipt");
  expect(receipt.text).toContain("Amount paid: $15.00");
});
