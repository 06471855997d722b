import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// In a real browser: the Product Manager from the dashboard, a product made with the
// keyboard, edited, duplicated, published, archived and deleted; messages as the creator types; axe on the
// list and the form; a phone-sized screen.

/** Whether the page scrolls sideways (it must not, down to a 320 px wide phone). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** The list item of a product on the Product Manager. */
const row = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

test("a creator makes a product with the keyboard, edits, duplicates, publishes, archives and deletes it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  await page.goto("/dashboard");
  await page
    .getByRole("link", { name: /^Products/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tools\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Product Manager" })).toBeVisible();
  await expect(page.getByText("No products yet")).toBeVisible();
  await expectNoViolations(page);

  // Keyboard only: from the empty state's call to action to the saved product.
  await page.getByRole("main").getByRole("link", { name: "New Product" }).last().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tools\/products\/new$/);
  await expect(page.getByText("Prices are in USD, your store currency.")).toBeVisible();
  await page.getByLabel("Name").focus();
  await page.keyboard.type("Ada's Field Guide");
  await expect(page.getByLabel("URL slug")).toHaveValue("adas-field-guide");
  await page.keyboard.press("Tab");
  await page.keyboard.press("End"); // the type select: last choice, "Physical"
  await expect(page.getByLabel("Type")).toHaveValue("physical");
  await page.keyboard.press("Home");
  await expect(page.getByLabel("Type")).toHaveValue("ebook");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Sketching outdoors, step by step.");
  await page.keyboard.press("Tab");
  await page.keyboard.type("## Inside\n\n**Twelve** chapters <script>alert(1)</script> [site](javascript:alert(1))");
  const preview = page.getByRole("region", { name: "Description preview" });
  await expect(preview.getByRole("heading", { level: 2, name: "Inside" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("Twelve");
  await expect(preview).toContainText("<script>alert(1)</script>");
  await expect(preview.locator("script, a")).toHaveCount(0);
  await page.getByLabel("Price", { exact: true }).focus();
  await page.keyboard.type("-3");
  await expect(page.getByText("Please enter an amount like 12 or 12.50")).toBeVisible();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0.20");
  await expect(page.getByText(/The price must be at least \$0\.50/)).toBeVisible();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("12.50");
  await expect(page.getByText(/The price must be at least/)).toBeHidden();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Create product" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ada's Field Guide" })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("12.50");
  await expectNoViolations(page);

  // Edit: another name, pay what you want; the slug stays as saved.
  await page.getByLabel("Name").fill("Ada's Field Guide, Second Edition");
  await expect(page.getByLabel("URL slug")).toHaveValue("adas-field-guide");
  await page.getByRole("radio", { name: "Pay what you want" }).check();
  await page.getByLabel("Minimum price").fill("3");
  await page.getByLabel("Suggested price (optional)").fill("2");
  await expect(page.getByText("The suggested price must be at least the minimum, $3.00")).toBeVisible();
  await page.getByLabel("Suggested price (optional)").fill("8");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Product saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Name")).toHaveValue("Ada's Field Guide, Second Edition");
  await expect(page.getByLabel("Minimum price")).toHaveValue("3.00");
  await expect(page.getByLabel("Suggested price (optional)")).toHaveValue("8.00");

  // The list: status, price, sales and revenue; duplicate, publish, archive, delete.
  await page.getByRole("link", { name: "Back to products" }).click();
  const original = row(page, "Ada's Field Guide, Second Edition");
  await expect(original).toContainText("Pay what you want (from $3.00)");
  await expect(original).toContainText("Draft");
  await expect(original).toContainText("$0.00");
  await original.getByRole("button", { name: /^Duplicate/ }).click();
  await expect(page.getByText("Product duplicated as a draft")).toBeVisible();
  const copy = row(page, "Copy of Ada's Field Guide, Second Edition");
  await expect(copy).toBeVisible();
  await original.getByRole("button", { name: /^Publish/ }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  await expect(original).toContainText("Published");
  await copy.getByRole("button", { name: /^Archive/ }).click();
  await expect(copy).toContainText("Archived");
  await expect(copy.getByRole("button", { name: /^Unarchive/ })).toBeVisible();
  await expectNoViolations(page);

  // Search and sort keep to the address.
  await page.getByLabel("Search by name").fill("copy");
  await page.getByLabel("Search by name").press("Enter");
  await expect(page).toHaveURL(/q=copy/);
  await expect(row(page, "Ada's Field Guide, Second Edition")).toHaveCount(0);
  await expect(copy).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await copy.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByText("Product deleted")).toBeVisible();
  await expect(copy).toHaveCount(0);
});

test("the form shows every message on a save attempt and keeps what was typed", async ({ page }) => {
  await createCreator(page);
  await page.goto("/tools/products/new");
  await page.getByLabel("URL slug").fill("Not a slug!");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Please enter a product name")).toBeVisible();
  await expect(page.getByText("Please enter a price")).toBeVisible();
  await expect(page.getByText(/Please use only lowercase letters, numbers and single hyphens/)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("URL slug")).toHaveValue("Not a slug!");
  await expect(page).toHaveURL(/\/tools\/products\/new$/);

  // A cover that is not an image, named and typed as one, is refused by the server.
  await page.getByLabel("Name").fill("Cover check");
  await page.getByLabel("URL slug").fill("cover-check");
  await page.getByLabel("Price", { exact: true }).fill("5");
  await page
    .getByLabel("Cover image (optional)")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("The cover must be an image file (PNG, JPEG, WebP or GIF).").first()).toBeVisible();
  await expect(page).toHaveURL(/\/tools\/products\/new$/);

  // A real image is accepted.
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#225588" } })
    .png()
    .toBuffer();
  await page
    .getByLabel("Cover image (optional)")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: image });
  await expect(page.getByRole("img", { name: "New cover preview" })).toBeVisible();
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await expect(page.getByRole("img", { name: "Current cover" })).toHaveAttribute("src", /^\/covers\/[0-9a-f-]{36}$/);
});

test("on a phone the list and the form fit the screen and pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await createCreator(page);
  await page.goto("/tools/products/new");
  await page.getByLabel("Name").fill("A product with quite a long name to see how it wraps on a small screen");
  await page.getByLabel("Price", { exact: true }).fill("9.99");
  await expect(page.getByLabel("URL slug")).toHaveValue("a-product-with-quite-a-long-name-to-see-how-it-wraps-on-a-sm");
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Product created as a draft")).toBeVisible();
  await page.goto("/tools/products");
  await expect(page.getByText("$9.99")).toBeVisible();
  expect(await scrollsSideways(page)).toBe(false);
  await expectNoViolations(page);
});
