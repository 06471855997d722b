import type { Pool } from "pg";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// In a browser: a signed-out visitor's storefront and sales page (no script, accessible in light
// and dark, fits a phone), and the E-shop Builder's keyboard reordering reaching the storefront.

/** A 2×2 PNG cover. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

async function seedStore(pool: Pool, userId: string, handle: string) {
  await pool.query("insert into storefronts (user_id, handle) values ($1, $2)", [userId, handle]);
  await pool.query("insert into sales_methods (user_id, method, settings) values ($1, 'online_store', $2)", [
    userId,
    JSON.stringify({
      storeName: "Lumen Studio",
      storeDescription: "Presets and guides for photographers",
      category: "digital",
      currency: "GBP",
      theme: "bold",
    }),
  ]);
  const ids: string[] = [];
  for (const [position, [name, slug, status]] of [
    ["Light Presets", "light-presets", "published"],
    ["Editing Guide", "editing-guide", "published"],
    ["Night Pack", "night-pack", "published"],
    ["Work in Progress", "work-in-progress", "draft"],
  ].entries()) {
    const { rows } = await pool.query(
      `insert into products (user_id, name, slug, type, summary, description, pricing, price_cents, currency, status, position)
       values ($1, $2, $3, 'design_asset', $4, $5, 'fixed', 1900, 'GBP', $6, $7) returning id`,
      [
        userId,
        name,
        slug,
        `${name} for every mood.`,
        `## Inside\n\n- 40 presets\n- A **printable** cheat sheet`,
        status,
        position,
      ],
    );
    ids.push(rows[0].id);
  }
  await pool.query(
    "insert into product_covers (product_id, width, height, content_type, bytes) values ($1, 480, 480, 'image/png', $2)",
    [ids[0], PNG],
  );
  await pool.query(
    `insert into product_files (product_id, user_id, upload_id, name, content_type, size, completed_at) values ($1, $2, $3, 'presets.zip', 'application/zip', 3145728, now())`,
    [ids[0], userId, `e2e-${ids[0]}`],
  );
  return ids;
}

const productNames = (page: import("@playwright/test").Page) => page.locator("main h3 a").allTextContents();

test("a signed-out visitor opens the storefront and a sales page: no script, accessible in light and dark, fits a phone", async ({
  page,
  app,
  browser,
}) => {
  const creator = await createCreator(page, { businessTypes: ["online_store"] });
  const handle = `lumen-${Date.now().toString(36)}`;
  await seedStore(app.pool, creator.id, handle);
  for (const colorScheme of ["light", "dark"] as const) {
    const visitor = await browser.newContext({
      baseURL: app.origin,
      colorScheme,
      viewport: { width: 375, height: 812 },
      isMobile: true,
    });
    const tab = await visitor.newPage();
    const store = await tab.goto(`/s/${handle}`);
    expect(store?.status()).toBe(200);
    await expect(tab.getByRole("heading", { level: 1, name: "Lumen Studio" })).toBeVisible();
    await expect(tab.getByText("Presets and guides for photographers")).toBeVisible();
    expect(await productNames(tab)).toEqual(["Light Presets", "Editing Guide", "Night Pack"]);
    expect(await tab.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoViolations(tab, { colours: colorScheme === "dark" });

    await tab.getByRole("link", { name: "Light Presets" }).click();
    await expect(tab).toHaveURL(new RegExp(`/s/${handle}/light-presets$`));
    await expect(tab.getByRole("heading", { level: 1, name: "Light Presets" })).toBeVisible();
    await expect(tab.getByText("£19.00").first()).toBeVisible();
    await expect(tab.getByRole("img", { name: "Cover of Light Presets" })).toBeVisible();
    await expect(tab.getByText("ZIP archive · 3.0 MB")).toBeVisible();
    await expect(tab.getByRole("heading", { level: 2, name: "Inside" })).toBeVisible();
    await expect(tab.getByRole("link", { name: "Buy now" })).toHaveAttribute("href", `/s/${handle}/light-presets/buy`);
    expect(await tab.locator("script:not([type='application/ld+json'])").count()).toBe(0);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoViolations(tab, { colours: colorScheme === "dark" });
    expect((await tab.goto(`/s/${handle}/work-in-progress`))?.status()).toBe(404);
    await visitor.close();
  }
});

test("the E-shop Builder reorders products with the keyboard, and the storefront follows", async ({ page, app }) => {
  const creator = await createCreator(page, { businessTypes: ["online_store"] });
  const handle = `keys-${Date.now().toString(36)}`;
  await seedStore(app.pool, creator.id, handle);
  await page.goto("/tools/estore-builder");
  await expect(page.getByRole("heading", { level: 1, name: "E-shop Builder" })).toBeVisible();
  await expect(page.getByLabel("Public address")).toHaveValue(`${app.origin}/s/${handle}`);
  await expect(page.getByRole("link", { name: "Preview storefront" })).toHaveAttribute("href", `/s/${handle}`);
  await expectNoViolations(page);

  // Night Pack (third) moves up twice, from the keyboard; focus stays on it.
  const up = page.getByRole("button", { name: "Move up: Night Pack" });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Night Pack moved to position 2 of 4." })).toBeAttached();
  await expect(up).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Night Pack moved to position 1 of 4." })).toBeAttached();
  // At the top "Move up" no longer applies: focus is on its "Move down".
  await expect(page.getByRole("button", { name: "Move down: Night Pack" })).toBeFocused();

  await page.getByRole("link", { name: "Preview storefront" }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${handle}$`));
  expect(await productNames(page)).toEqual(["Night Pack", "Light Presets", "Editing Guide"]);
});
