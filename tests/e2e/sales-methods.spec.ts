import type { Page } from "@playwright/test";
import { COPIED_STATE_MS } from "~/domains/sales-methods/components/copy-code-button";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

/** Saves with the keyboard (Enter on the focused submit button), waits for the toast, then reloads the page. */
async function saveAndReload(page: Page, button: string, toast: string) {
  await page.getByRole("button", { name: button }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(toast)).toBeVisible();
  await page.reload();
  await expect(page.getByText("Your saved setup is shown below")).toBeVisible();
}

test.describe("sales-method forms", () => {
  test("online store: defaults, keyboard-only filling, save, reload", async ({ page }) => {
    await createCreator(page);
    await page.goto("/sales/online-store");
    await expect(page.getByRole("heading", { level: 1, name: "Create Your Online Store" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to sales methods" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByLabel("Currency")).toHaveValue("USD");
    await expect(page.getByRole("radio", { name: /Modern/ })).toBeChecked();
    await expect(page.getByText("Secure checkout with card and wallet payments")).toBeVisible();
    await expectNoViolations(page);

    // Errors appear as the creator types, and on a save attempt.
    await page.getByLabel("Store name").focus();
    await page.keyboard.type("A");
    await expect(page.getByText("Store name must be at least 2 characters")).toBeVisible();
    await page.keyboard.type("da's Atelier");
    await expect(page.getByText("Store name must be at least 2 characters")).toBeHidden();
    await page.keyboard.press("Tab");
    await page.keyboard.type("Hand-drawn templates");
    await page.keyboard.press("Tab");
    await page.getByLabel("Category").selectOption({ label: "Books" });
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("radio", { name: /Modern/ }).focus();
    await page.keyboard.press("ArrowDown"); // radio group: next choice
    await expect(page.getByRole("radio", { name: /Classic/ })).toBeChecked();
    await saveAndReload(page, "Save Online Store", "Online store saved");

    await expect(page.getByLabel("Store name")).toHaveValue("Ada's Atelier");
    await expect(page.getByLabel("Store description (optional)")).toHaveValue("Hand-drawn templates");
    await expect(page.getByLabel("Category")).toHaveValue("books");
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expect(page.getByRole("radio", { name: /Classic/ })).toBeChecked();
    await expectNoViolations(page);
  });

  test("online store: a save attempt with errors shows them and saves nothing", async ({ page }) => {
    await createCreator(page);
    await page.goto("/sales/online-store");
    await page.getByRole("button", { name: "Save Online Store" }).click();
    await expect(page.getByText("Please enter your store name")).toBeVisible();
    await expect(page.getByText("Please choose a category")).toBeVisible();
    await expectNoViolations(page);
    await page.reload();
    await expect(page.getByText("Nothing saved yet")).toBeVisible();
  });

  test("retail store: address required, feature checkboxes, save, reload", async ({ page }) => {
    await createCreator(page, { businessTypes: ["retail_store"] });
    await page.goto("/sales/retail-store");
    await expect(page.getByRole("heading", { level: 1, name: "Setup Your Retail Store" })).toBeVisible();
    await page.getByLabel("Store name").fill("Corner Shop");
    await page.getByRole("button", { name: "Save Retail Store" }).click();
    await expect(page.getByText("Please enter the store address")).toBeVisible();
    await page.getByLabel("Store address").fill("1 Main Street, Springfield");
    await page.getByLabel("Description (optional)").fill("Maps and books");
    await page.getByRole("checkbox", { name: /Point of sale/ }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("checkbox", { name: /Loyalty program/ }).check();
    await expectNoViolations(page);
    await saveAndReload(page, "Save Retail Store", "Retail store saved");
    await expect(page.getByLabel("Store address")).toHaveValue("1 Main Street, Springfield");
    await expect(page.getByLabel("Description (optional)")).toHaveValue("Maps and books");
    await expect(page.getByRole("checkbox", { name: /Point of sale/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Loyalty program/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /Staff management/ })).not.toBeChecked();
  });

  test("event sales: one event type and one payment method required, save, reload", async ({ page }) => {
    await createCreator(page, { businessTypes: ["events"] });
    await page.goto("/sales/event-sales");
    await expect(page.getByRole("heading", { level: 1, name: "Setup Event Sales" })).toBeVisible();
    await page.getByLabel("Business name").fill("Market Stall");
    await page.getByRole("button", { name: "Save Event Sales" }).click();
    await expect(page.getByText("Please select at least one event type")).toBeVisible();
    await expect(page.getByText("Please select at least one payment method")).toBeVisible();
    await expectNoViolations(page);
    await page.getByLabel("Craft Fairs").check();
    await page.getByLabel("Festivals", { exact: true }).check();
    await page.getByLabel("Setup requirements (optional)").fill("A 2 m table and power");
    await page.getByLabel("Cash").check();
    await page.getByLabel("Wallet QR code").check();
    await expect(page.getByText("Please select at least one event type")).toBeHidden();
    await saveAndReload(page, "Save Event Sales", "Event sales saved");
    await expect(page.getByLabel("Business name")).toHaveValue("Market Stall");
    await expect(page.getByLabel("Craft Fairs")).toBeChecked();
    await expect(page.getByLabel("Festivals", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Food Festivals")).not.toBeChecked();
    await expect(page.getByLabel("Setup requirements (optional)")).toHaveValue("A 2 m table and power");
    await expect(page.getByLabel("Wallet QR code")).toBeChecked();
  });

  test("social media: one platform required, save, reload", async ({ page }) => {
    await createCreator(page, { businessTypes: ["social_media"] });
    await page.goto("/sales/social-media");
    await expect(page.getByRole("heading", { level: 1, name: "Setup Social Media Sales" })).toBeVisible();
    await page.getByLabel("Business name").fill("Insta Shop");
    await page.getByRole("button", { name: "Save Social Media Sales" }).click();
    await expect(page.getByText("Please select at least one platform")).toBeVisible();
    await page.getByLabel("Instagram").check();
    await page.getByLabel("Pinterest").check();
    await page.getByLabel("Behind the Scenes").check();
    await page.getByLabel("Target audience (optional)").fill("Crafters and makers");
    await expectNoViolations(page);
    await saveAndReload(page, "Save Social Media Sales", "Social media sales saved");
    await expect(page.getByLabel("Instagram")).toBeChecked();
    await expect(page.getByLabel("Pinterest")).toBeChecked();
    await expect(page.getByLabel("TikTok")).not.toBeChecked();
    await expect(page.getByLabel("Behind the Scenes")).toBeChecked();
    await expect(page.getByLabel("Target audience (optional)")).toHaveValue("Crafters and makers");
  });

  test("the forms work without JavaScript (plain POST, errors and saved values)", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": "198.51.250.7" },
    });
    const page = await context.newPage();
    await createCreator(page, { businessTypes: ["retail_store", "existing_website"] });
    await page.goto("/sales/retail-store");
    await page.getByLabel("Store name").fill("No JS Shop");
    await page.getByRole("button", { name: "Save Retail Store" }).click();
    await expect(page.getByText("Please enter the store address")).toBeVisible();
    await expect(page.getByLabel("Store name")).toHaveValue("No JS Shop");
    await page.getByLabel("Store address").fill("5 Quiet Lane, Springfield");
    await page.getByRole("button", { name: "Save Retail Store" }).click();
    await expect(page.getByText("Your saved setup is shown below")).toBeVisible();
    await expect(page.getByLabel("Store address")).toHaveValue("5 Quiet Lane, Springfield");

    // Generate shows the code for the typed values without saving them.
    await page.goto("/sales/existing-website");
    await page.getByLabel("Website URL").fill("https://nojs.example");
    await page.getByLabel("Website platform").selectOption("other");
    await page.getByLabel("Button text").fill("Order offline");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("buy-button-snippet")).toContainText(">Order offline</a>");
    await expect(page.getByText("Nothing saved yet")).toBeVisible();
    await context.close();
  });
});

test.describe("buy button", () => {
  test("live preview, save, Copy for 2 s, and the pasted snippet opens the public buy page", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const creator = await createCreator(page, { businessTypes: ["existing_website"], storeName: "Ada's Atelier" });
    await page.goto("/sales/existing-website");
    await expect(page.getByRole("heading", { level: 1, name: "Add Buy Button to Your Website" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Buy button/ })).toBeChecked();
    await expect(page.getByLabel("Button text")).toHaveValue("Buy Now");
    await expect(page.getByLabel("Button style")).toHaveValue("primary");
    await expect(page.getByText("Preview only: the link becomes live once you save.")).toBeVisible();
    const code = page.getByTestId("buy-button-snippet");
    await expect(code).toContainText(">Buy Now</a>");

    await page.getByLabel("Website URL").fill("ftp://nope");
    await expect(page.getByText("Please enter a valid website URL starting with http:// or https://")).toBeVisible();
    await page.getByLabel("Website URL").fill("https://ada.example/shop");
    await page.getByLabel("Website platform").selectOption("wordpress");
    // The code follows the form as the creator types.
    await page.getByLabel("Button text").fill(`Get <it> & "go"`);
    await expect(code).toContainText(">Get &lt;it&gt; &amp; &quot;go&quot;</a>");
    await page.getByRole("radio", { name: /Product widget/ }).check();
    await expect(code).toContainText("Ada&#39;s Atelier");
    await page.getByLabel("Button style").selectOption("success");
    await expect(code).toContainText("background:#15803d");
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByText("Code updated")).toBeVisible();
    await expectNoViolations(page);

    await page.getByRole("button", { name: "Save Buy Button" }).click();
    await expect(page.getByText("Buy button saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Button text")).toHaveValue(`Get <it> & "go"`);
    await expect(page.getByRole("radio", { name: /Product widget/ })).toBeChecked();
    await expect(page.getByLabel("Button style")).toHaveValue("success");
    await expect(page.getByLabel("Website platform")).toHaveValue("wordpress");
    await expect(page.getByText("Paste this HTML into your website")).toBeVisible();
    await expect(code).toContainText(/\/buy\/[0-9a-f-]{36}/);

    const copy = page.getByRole("button", { name: "Copy" });
    await copy.click();
    const copiedAt = Date.now();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(page.getByText("Code copied to clipboard")).toBeVisible();
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toBe(await code.textContent());
    await expect(page.getByRole("button", { name: "Copy", exact: true })).toBeVisible({
      timeout: COPIED_STATE_MS + 2000,
    });
    // 'copiedAt' is taken after click() returns, which under load is a few hundred ms after the page's handler ran.
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(COPIED_STATE_MS - 600);

    // Pasted into any page, the snippet is a working link to the creator's public buy page.
    const site = await context.newPage();
    await site.setContent("<!doctype html><title>My blog</title><main></main>");
    await site.evaluate((html) => (document.querySelector("main")!.innerHTML = html), snippet);
    const link = site.getByRole("link", { name: `Get <it> & "go"` });
    await expect(link).toHaveAttribute("href", /^http:\/\/127\.0\.0\.1:\d+\/buy\/[0-9a-f-]{36}$/);
    expect(await site.locator("a").count()).toBe(1);
    const [buyPage] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expect(buyPage.getByRole("heading", { level: 1, name: creator.storeName })).toBeVisible();
    await expect(buyPage.getByText("No products are for sale yet.")).toBeVisible();
    await expect(buyPage.getByText("Hand-drawn templates and guides for makers.")).toBeVisible();
    await expectNoViolations(buyPage);
  });

  test("an unknown buy page is the not-found page", async ({ page }) => {
    const response = await page.goto("/buy/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
  });
});

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("every sales-method form, with errors shown, has no axe violations", async ({ page }) => {
    test.setTimeout(60_000);
    await createCreator(page, {
      businessTypes: ["online_store", "retail_store", "events", "existing_website", "social_media"],
    });
    for (const [path, button] of [
      ["/sales/online-store", "Save Online Store"],
      ["/sales/retail-store", "Save Retail Store"],
      ["/sales/event-sales", "Save Event Sales"],
      ["/sales/existing-website", "Save Buy Button"],
      ["/sales/social-media", "Save Social Media Sales"],
    ] as const) {
      await page.goto(path);
      await expectNoViolations(page);
      if (path === "/sales/existing-website") await page.getByLabel("Button text").fill("");
      await page.getByRole("button", { name: button }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoViolations(page);
    }
  });
});
