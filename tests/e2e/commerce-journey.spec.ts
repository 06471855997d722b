import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fillTestCard } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser on the worker's app (the built-in test provider on): a creator makes a
// product in the Product Manager, uploads its file through the page (tus) and publishes; a signed-out buyer goes
// from the sales page to checkout, pays with 4242… on the TEST MODE page, sees the thank-you page, gets the
// receipt mail, opens its link and downloads the file (same SHA-256 as uploaded); the creator sees the order on
// /orders; a discount code made on the discounts page lowers another buyer's price, whose 4000…0002 is declined
// (no paid order); the creator refunds the first order on its page and the buyer's download page is revoked.

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

test("a creator sells a file: checkout, payment, receipt, download, a declined card, a discount code and a refund", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(150_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });

  // The creator: a product through the Product Manager, its file uploaded through the page, published.
  await page.goto("/tools/products/new");
  await page.getByLabel("Name").fill("Watercolour Basics");
  await page.getByLabel("Price", { exact: true }).fill("20");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  const bytes = randomBytes(256 * 1024 + 17);
  const dir = mkdtempSync(path.join(tmpdir(), "sellkit-e2e-commerce-"));
  try {
    writeFileSync(path.join(dir, "workbook.pdf"), bytes);
    await page.getByLabel("Choose files").setInputFiles(path.join(dir, "workbook.pdf"));
    await expect(page.getByRole("list", { name: "Product files" }).getByText("workbook.pdf")).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await expect
    .poll(
      async () =>
        (await app.pool.query("select sha256 from product_files where user_id = $1", [creator.id])).rows[0]?.sha256 ??
        null,
      {
        timeout: 30_000,
      },
    )
    .toBe(sha256(bytes));
  await page.getByRole("button", { name: /^Publish/ }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  const { handle, slug } = (
    await app.pool.query(
      `select s.handle, p.slug from storefronts s join products p on p.user_id = s.user_id where s.user_id = $1`,
      [creator.id],
    )
  ).rows[0] as { handle: string; slug: string };

  // A signed-out buyer: sales page → checkout → TEST MODE page → 4242… → thank-you page.
  const buyerContext = await browser.newContext({ baseURL: app.origin, acceptDownloads: true });
  const buyer = await buyerContext.newPage();
  const email = uniqueEmail("journey-buyer");
  await buyer.goto(`/s/${handle}/${slug}`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Watercolour Basics" })).toBeVisible();
  await buyer.getByRole("link", { name: /Buy/ }).first().click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await buyer.getByLabel("Email").fill(email);
  await buyer.getByRole("button", { name: /Pay with card/ }).click();
  await expect(buyer).toHaveURL(/\/checkout\/test\/tpc_/);
  await expect(buyer.getByText("TEST MODE").first()).toBeVisible();
  await fillTestCard(buyer, "4242 4242 4242 4242");
  await buyer.getByRole("button", { name: "Pay $20.00" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(buyer.getByText(`Your receipt is on its way to ${email}`)).toBeVisible();
  const orderId = new URL(buyer.url()).pathname.split("/").pop()!;

  // The receipt mail's link opens the download page; the file downloaded is the file uploaded.
  const receipt = await waitForMail(email, "Your receipt");
  expect(receipt.text).toContain("Amount paid: $20.00");
  const receiptLink = /(http:\/\/127\.0\.0\.1:\d+\/purchases\/[^\s>]+)/.exec(receipt.text)?.[1];
  expect(receiptLink).toBeTruthy();
  await buyer.goto(receiptLink!);
  const [download] = await Promise.all([
    buyer.waitForEvent("download"),
    buyer.getByRole("link", { name: "Download workbook.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("workbook.pdf");
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));

  // The creator sees the order.
  await page.goto("/orders");
  const row = page.getByRole("table").locator("tbody tr").filter({ hasText: email });
  await expect(row).toContainText("Watercolour Basics");
  await expect(row).toContainText("$20.00");
  await expect(row).toContainText("Paid");

  // A discount code made on the discounts page (20% off every product).
  await page.goto("/tools/products/discounts");
  await page.getByLabel("Code", { exact: true }).fill("FRIEND20");
  await page.getByLabel("Percentage off").fill("20");
  await page.getByRole("button", { name: "Create discount code" }).click();
  await expect(page.getByText("Discount code FRIEND20 created")).toBeVisible();

  // Another buyer applies it ($16.00), and their card 4000…0002 is declined: no paid order.
  const otherContext = await browser.newContext({ baseURL: app.origin });
  const other = await otherContext.newPage();
  const otherEmail = uniqueEmail("journey-declined");
  await other.goto(`/s/${handle}/${slug}/buy`);
  await other.getByLabel("Email").fill(otherEmail);
  await other.getByLabel("Discount code (optional)").fill("friend20");
  await other.getByRole("button", { name: "Apply" }).click();
  await expect(other.getByText("−$4.00")).toBeVisible();
  await expect(other.getByRole("definition").filter({ hasText: "$16.00" })).toBeVisible();
  await other.getByRole("button", { name: /Pay with card/ }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Pay $16.00" })).toBeVisible();
  await fillTestCard(other, "4000 0000 0000 0002");
  await other.getByRole("button", { name: "Pay $16.00" }).click();
  await expect(other.getByText("Your card was declined.")).toBeVisible();
  expect(
    (
      await app.pool.query(`select count(*)::int as n from orders where customer_email = $1 and status = 'paid'`, [
        otherEmail,
      ])
    ).rows[0].n,
  ).toBe(0);
  await otherContext.close();

  // The creator refunds the first order in full; the buyer's download page is revoked.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Watercolour Basics" })).toBeVisible();
  await page.getByRole("button", { name: "Review refund" }).click();
  await page.getByRole("button", { name: "Refund $20.00" }).click();
  await expect(page.getByText("Only paid orders can be refunded; this one is refunded.")).toBeVisible();
  const revoked = await buyer.goto(receiptLink!);
  expect(revoked?.status()).toBe(410);
  await expect(buyer.getByText("Access to this purchase has been revoked because it was refunded.")).toBeVisible();
  await buyerContext.close();
});
