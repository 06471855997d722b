import { expectNoViolations, expectNoViolationsInBothThemes } from "./support/axe";
import { registerUntilMail, completeBusinessProfile } from "./support/accounts";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";
import { PUBLIC_PATHS } from "~/domains/marketing/content/public-pages";

const AUTH_PAGES = [
  "/auth",
  "/auth?tab=register",
  "/auth?tab=register&step=1.5",
  "/signup",
  "/signup?plan=pro",
  "/login",
  "/forgot-password",
  "/reset-password?token=expired",
  "/verification-success",
];

test.describe("axe-core, light and dark themes", () => {
  for (const path of [...PUBLIC_PATHS, ...AUTH_PAGES, "/not-a-page"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expectNoViolationsInBothThemes(page);
    });
  }

  test("the contact form with errors has no violations", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expectNoViolationsInBothThemes(page);
  });

  test("the open menus have no violations", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByText("Resources", { exact: true }).click();
    await expectNoViolationsInBothThemes(page);
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the open mobile menu has no violations", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await expectNoViolations(page);
  });
});

test.describe("signed-in pages", () => {
  test("register step 2 (with errors), choose-plan and dashboard have no violations", async ({ page }) => {
    const link = await registerUntilMail(page, uniqueEmail("axe"));
    await page.goto(link);
    await expect(page.getByText("Step 2 of 2")).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expectNoViolations(page);
    await completeBusinessProfile(page);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expectNoViolations(page);
    await page.goto("/choose-plan");
    await expectNoViolations(page);
  });
});
