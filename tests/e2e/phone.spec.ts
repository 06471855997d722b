import type { Page } from "@playwright/test";
import { TYPE_AHEAD_RESET_MS } from "~/lib/type-ahead";
import { completeBusinessProfile, registerUntilMail } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

const business = (page: Page) => page.getByRole("region", { name: "Business profile", exact: true });
const countryCode = (page: Page) => business(page).getByRole("combobox", { name: "Country code" });

/** The option the open list points at (aria-activedescendant). */
async function activeOption(page: Page): Promise<string> {
  const id = await countryCode(page).getAttribute("aria-activedescendant");
  expect(id, "an active option").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).innerText()).replace(/\s+/g, " ").trim();
}

test("register step 2: a country chosen by typing its name is stored with the number as E.164", async ({ page }) => {
  const email = uniqueEmail("phone");
  await page.goto(await registerUntilMail(page, email));
  await expect(page).toHaveURL(/step=2/);
  const combobox = page.getByRole("combobox", { name: "Country code" });
  await expect(combobox).toContainText("+1");
  await combobox.focus();
  await page.keyboard.type("united k");
  await expect(page.getByRole("listbox", { name: "Country code" })).toBeVisible();
  const unitedKingdom = await page.getByRole("option", { name: /United Kingdom/ }).getAttribute("id");
  await expect(combobox).toHaveAttribute("aria-activedescendant", unitedKingdom!);
  await page.keyboard.press("Enter");
  await expect(combobox).toContainText("+44");
  await expect(page.getByRole("listbox", { name: "Country code" })).toBeHidden();
  await completeBusinessProfile(page, "Ada's Atelier", "020 7946 0958");
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  await page.goto("/settings");
  await expect(countryCode(page)).toContainText("+44");
  await expect(countryCode(page)).toContainText("United Kingdom");
  await expect(business(page).getByLabel("Phone")).toHaveValue("2079460958");
});

test(`settings: type-ahead extends the typed prefix and forgets it after ${TYPE_AHEAD_RESET_MS} ms`, async ({
  page,
}) => {
  await createCreator(page);
  await page.goto("/settings");
  await expect(countryCode(page)).toContainText("+1");
  await countryCode(page).focus();
  await page.keyboard.type("gu");
  expect(await activeOption(page)).toContain("Guadeloupe +590");
  await page.waitForTimeout(TYPE_AHEAD_RESET_MS + 200);
  // A new prefix: "e" alone, not "gue".
  await page.keyboard.type("e");
  expect(await activeOption(page)).toContain("Ecuador +593");
  await page.keyboard.type("gy");
  expect(await activeOption(page)).toContain("Egypt +20");
  await expectNoViolations(page);
  await page.keyboard.press("ArrowDown");
  expect(await activeOption(page)).toContain("El Salvador +503");
  await page.keyboard.press("Escape");
  await expect(countryCode(page)).toContainText("+1");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  expect(await activeOption(page)).toContain("Zimbabwe +263");
  await page.keyboard.press("Enter");
  await expect(countryCode(page)).toContainText("+263");

  // The mouse works too.
  await countryCode(page).click();
  await page.getByRole("option", { name: /Germany/ }).click();
  await expect(countryCode(page)).toContainText("+49");
  await business(page).getByLabel("Phone").fill("030 1234 5678");
  await business(page).getByRole("button", { name: "Save business profile" }).click();
  await expect(page.getByText("Business profile updated")).toBeVisible();
  await page.reload();
  await expect(countryCode(page)).toContainText("+49");
  await expect(business(page).getByLabel("Phone")).toHaveValue("3012345678");
});

test("the disabled phone sign-up shows the country code (default +1), disabled", async ({ page }) => {
  await page.goto("/signup");
  const select = page.getByRole("combobox", { name: "Country code" });
  await expect(select).toBeDisabled();
  await expect(select).toHaveValue("+1");
  await expect(page.getByRole("textbox", { name: "Phone number" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Sign up with phone" })).toBeDisabled();
  await expect(page.getByText("Phone registration temporarily unavailable")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the country code is a plain select that posts with the form", async ({ page }) => {
    await createCreator(page);
    await page.goto("/settings");
    const select = countryCode(page);
    expect(await select.evaluate((element) => element.tagName)).toBe("SELECT");
    await expect(select).toHaveValue("+1");
    await select.selectOption({ label: "Germany (+49)" });
    await business(page).getByLabel("Phone").fill("030 1234 5678");
    await business(page).getByRole("button", { name: "Save business profile" }).click();
    await expect(countryCode(page)).toHaveValue("+49");
    await expect(business(page).getByLabel("Phone")).toHaveValue("3012345678");
  });
});
