import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { LOST_LINK_SENT_MESSAGE, revokedMessage } from "~/domains/delivery/content/delivery-rules";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { insertOrder } from "../support/order-rows";
import { drizzle } from "drizzle-orm/node-postgres";
import { expect, test } from "./support/test";

/**
 * In a real browser: a buyer opens their download page (a paid order and its access token, made in
 * the database), downloads the file (identical SHA-256), asks for new links by email and finds them in the mail;
 * a refund turns the page into the revoked page; a wrong token shows the lost-link form. axe on each page.
 */
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

test("a buyer downloads their file, gets new links by email, and loses access on refund", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier" });
  const productId = randomUUID();
  await app.pool.query(
    "insert into products (id, user_id, name, slug, price_cents, currency) values ($1, $2, 'Watercolour Basics', $3, 1999, 'USD')",
    [productId, creator.id, `watercolour-${productId.slice(0, 8)}`],
  );
  // The creator's file, uploaded through tus (creation with the whole body) as the product page does.
  const bytes = randomBytes(2 * 1024 * 1024 + 321);
  const metadata = `productId ${Buffer.from(productId).toString("base64")},filename ${Buffer.from("workbook.pdf").toString("base64")},filetype ${Buffer.from("application/pdf").toString("base64")}`;
  const upload = await page.request.post("/api/uploads", {
    headers: {
      origin: app.origin,
      "tus-resumable": "1.0.0",
      "upload-length": String(bytes.length),
      "upload-metadata": metadata,
      "content-type": "application/offset+octet-stream",
    },
    data: bytes,
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(
      async () =>
        (
          await app.pool.query(
            "select count(*)::int as n from product_files where product_id = $1 and sha256 is not null",
            [productId],
          )
        ).rows[0].n,
    )
    .toBe(1);

  // A paid order of a buyer, with its access token (only the hash is stored).
  const buyerEmail = uniqueEmail("buyer");
  const orderId = randomUUID();
  const token = randomBytes(32).toString("base64url");
  await insertOrder(drizzle(app.pool), {
    id: orderId,
    userId: creator.id,
    productId,
    productName: "Watercolour Basics",
    storeName: "Ada's Atelier",
    customerEmail: buyerEmail,
    status: "paid",
    subtotalCents: 1999,
    amountCents: 1999,
    paidAt: new Date(),
  });
  await app.pool.query("insert into order_access_tokens (order_id, token_hash) values ($1, $2)", [
    orderId,
    sha256(Buffer.from(token)),
  ]);

  // The buyer, signed out, in their own browser.
  const buyer = await (await browser.newContext({ baseURL: app.origin, acceptDownloads: true })).newPage();
  await buyer.goto(`/purchases/${orderId}?token=${token}`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Watercolour Basics" })).toBeVisible();
  await expect(buyer.getByText("Your purchase from Ada's Atelier")).toBeVisible();
  await expect(buyer.getByText("PDF document · 2.0 MB")).toBeVisible();
  await expectNoViolations(buyer);
  const [download] = await Promise.all([
    buyer.waitForEvent("download"),
    buyer.getByRole("link", { name: "Download workbook.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("workbook.pdf");
  expect(sha256(readFileSync((await download.path())!))).toBe(sha256(bytes));

  // A wrong token: one clear page with the lost-link form, which sends new links by email.
  await buyer.goto(`/purchases/${orderId}?token=${"A".repeat(43)}`);
  await expect(
    buyer.getByText("This download link is not valid. Enter your email below to get a new one."),
  ).toBeVisible();
  await expectNoViolations(buyer);
  await buyer.getByLabel("Email used for the purchase").fill(buyerEmail);
  await buyer.getByRole("button", { name: "Send me new links" }).click();
  await expect(buyer.getByText(LOST_LINK_SENT_MESSAGE)).toBeVisible();
  await expect(buyer).toHaveURL(/\/purchases$/);
  await expectNoViolations(buyer);
  const mail = await waitForMail(buyerEmail, "Your link to your purchase");
  await buyer.goto(linkIn(mail));
  await expect(buyer.getByRole("heading", { level: 1, name: "Watercolour Basics" })).toBeVisible();
  const fileLink = await buyer.getByRole("link", { name: "Download workbook.pdf" }).getAttribute("href");

  // Refunded: the page and the file link say so; the file is not served.
  await app.pool.query(
    "update orders set status = 'refunded', refunded_at = now(), refunded_cents = amount_cents where id = $1",
    [orderId],
  );
  await buyer.reload();
  await expect(buyer.getByRole("heading", { name: "Access revoked" })).toBeVisible();
  await expect(buyer.getByText(revokedMessage("refunded"))).toBeVisible();
  await expectNoViolations(buyer);
  const refused = await buyer.goto(fileLink!);
  expect(refused?.status()).toBe(410);
  await expect(buyer.getByText(revokedMessage("refunded"))).toBeVisible();
  await expectNoViolations(buyer);
});

test("the lost-link page answers the same for an email without purchases, and checks the email as it is typed", async ({
  page,
}) => {
  await page.goto("/purchases");
  await expect(page.getByRole("heading", { level: 1, name: "Find your purchases" })).toBeVisible();
  await expectNoViolations(page);
  const email = page.getByLabel("Email used for the purchase");
  await email.fill("not-an-email");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await email.fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send me new links" }).click();
  await expect(page.getByText(LOST_LINK_SENT_MESSAGE)).toBeVisible();
  await expectNoViolations(page);
});
