import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

const MiB = 1024 * 1024;

/**
 * In a real browser a creator creates a product, uploads two files (one interrupted
 * and resumed), publishes, opens its sales page signed out, and sees it listed on the storefront and on the
 * buy-button page `/buy/:id`.
 */
test("create a product, upload two files (one interrupted), publish, and find it signed out on its sales page, the storefront and /buy/:id", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, {
    storeName: "Ada's Atelier",
    businessTypes: ["online_store", "existing_website"],
  });
  // The buy-button setup whose snippet links to /buy/:id.
  const setup = new FormData();
  const fields: [string, string][] = [
    ["websiteUrl", "https://ada.example"],
    ["platform", "squarespace"],
    ["integrationMethod", "button"],
    ["buttonText", "Buy now"],
    ["buttonStyle", "primary"],
  ];
  for (const [name, value] of fields) setup.append(name, value);
  expect(
    (
      await page.request.post("/sales/existing-website", {
        headers: { origin: app.origin },
        multipart: setup,
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  // Create the product.
  await page.goto("/tools/products/new");
  await page.getByLabel("Name").fill("Watercolour Basics");
  await page.getByLabel("Summary (optional)").fill("Twelve lessons for the first brush strokes.");
  await page.getByLabel("Price", { exact: true }).fill("19.99");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/products\/[0-9a-f-]{36}$/);

  // Two files; the first chunk of one loses its connection and the upload resumes by itself.
  const dir = mkdtempSync(path.join(tmpdir(), "sellkit-e2e-journey-"));
  try {
    writeFileSync(path.join(dir, "lesson-1.mp4"), randomBytes(10 * MiB));
    writeFileSync(path.join(dir, "workbook.pdf"), randomBytes(1 * MiB));
    let dropped = false;
    await page.route("**/api/uploads/*", async (route) => {
      if (!dropped && route.request().method() === "PATCH") {
        dropped = true;
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await page
      .getByLabel("Choose files")
      .setInputFiles([path.join(dir, "lesson-1.mp4"), path.join(dir, "workbook.pdf")]);
    const files = page.getByRole("list", { name: "Product files" });
    await expect(files.getByText("lesson-1.mp4")).toBeVisible({ timeout: 30_000 });
    await expect(files.getByText("workbook.pdf")).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () =>
          (
            await app.pool.query(
              "select count(*)::int as n from product_files where user_id = $1 and sha256 is not null",
              [creator.id],
            )
          ).rows[0].n,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    expect(dropped).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Publish.
  await page.getByRole("button", { name: /^Publish/ }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  const { handle, slug, buyId } = (
    await app.pool.query(
      `select s.handle, p.slug, m.id as "buyId" from storefronts s join products p on p.user_id = s.user_id
         join sales_methods m on m.user_id = s.user_id and m.method = 'existing_website' where s.user_id = $1`,
      [creator.id],
    )
  ).rows[0];

  // Signed out: the sales page, the storefront and the buy page.
  const visitor = await browser.newContext({ baseURL: app.origin });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/s/${handle}/${slug}`);
  await expect(anonymous.getByRole("heading", { level: 1, name: "Watercolour Basics" })).toBeVisible();
  await expect(anonymous.getByText("$19.99").first()).toBeVisible();
  await expect(anonymous.getByText("lesson-1.mp4")).toBeVisible();
  await expect(anonymous.getByText("workbook.pdf")).toBeVisible();
  await anonymous.goto(`/s/${handle}`);
  await expect(anonymous.getByRole("link", { name: /Watercolour Basics/ }).first()).toBeVisible();
  await anonymous.goto(`/buy/${buyId}`);
  await expect(anonymous.getByRole("link", { name: /Watercolour Basics/ }).first()).toBeVisible();
  await expect(anonymous.getByText("Checkout for this seller opens soon.")).toHaveCount(0);
  await anonymous
    .getByRole("link", { name: /Watercolour Basics/ })
    .first()
    .click();
  await expect(anonymous).toHaveURL(new RegExp(`/s/${handle}/${slug}$`));
  await visitor.close();
});
