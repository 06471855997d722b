import type { Page } from "@playwright/test";
import { expectNoViolations, expectNoViolationsInBothThemes } from "./support/axe";
import { createCreator } from "./support/creator";
import { linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

const NEW_PASSWORD = "N3w&Distinct!pw";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d6a9d90000000049454e44ae426082",
  "hex",
);

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("profile and business profile are saved and shown again after a reload", async ({ page }) => {
  await createCreator(page);
  await page.goto("/settings");
  await expect(page).toHaveTitle(/Settings/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const personal = section(page, "Personal profile");
  await personal.getByLabel("First name").fill("A");
  await expect(personal.getByText("First name must be at least 2 characters")).toBeVisible();
  await personal.getByLabel("First name").fill("Grace");
  await personal.getByLabel("Last name").fill("Hopper");
  await personal.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await personal.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  const business = section(page, "Business profile");
  await business.getByLabel("Store / company name").fill("Hopper Compilers");
  await business.getByLabel("Phone").fill("555 987 6543");
  await business.getByRole("checkbox", { name: /Events/ }).check();
  await business.getByLabel("Company size (optional)").selectOption("small_2_10");
  await business.getByLabel("Website URL (optional)").fill("https://hopper.example");
  await business.getByRole("checkbox", { name: "PayPal" }).check();
  await business.getByRole("checkbox", { name: /marketing emails/ }).check();
  // While the save is held on its way, only its own form's button is busy.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/settings.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await business.getByRole("button", { name: "Save business profile" }).click();
  await expect(business.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(personal.getByRole("button", { name: "Save profile" })).toBeEnabled();
  release();
  await expect(page.getByText("Business profile updated")).toBeVisible();
  await expect(business.getByRole("button", { name: "Save business profile" })).toBeEnabled();
  await page.unroute("**/settings.data*");

  await page.reload();
  await expect(personal.getByLabel("First name")).toHaveValue("Grace");
  await expect(personal.getByLabel("Last name")).toHaveValue("Hopper");
  await expect(personal.getByRole("img", { name: "Your profile picture" })).toBeVisible();
  await expect(business.getByLabel("Store / company name")).toHaveValue("Hopper Compilers");
  // Stored as E.164 (+15559876543): shown as its code and number.
  await expect(business.getByRole("combobox", { name: "Country code" })).toContainText("+1");
  await expect(business.getByLabel("Phone")).toHaveValue("5559876543");
  await expect(business.getByRole("checkbox", { name: /Events/ })).toBeChecked();
  await expect(business.getByRole("checkbox", { name: /Online Store/ })).toBeChecked();
  await expect(business.getByLabel("Company size (optional)")).toHaveValue("small_2_10");
  await expect(business.getByLabel("Website URL (optional)")).toHaveValue("https://hopper.example");
  await expect(business.getByRole("checkbox", { name: "PayPal" })).toBeChecked();
  await expect(business.getByRole("checkbox", { name: /marketing emails/ })).toBeChecked();

  // The picture can be removed again.
  await personal.getByRole("checkbox", { name: "Remove my profile picture" }).check();
  await personal.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(personal.getByRole("img", { name: "Your profile picture" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("change password, then sign in with the new one (the old one fails)", async ({ page }) => {
  const creator = await createCreator(page);
  await page.goto("/settings");
  const password = section(page, "Password");
  await password.getByLabel("Current password").fill("Wrong&Pass1");
  await password.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Current password is incorrect")).toBeVisible();

  await password.getByLabel("Current password").fill(creator.password);
  await password.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Other sessions were signed out.")).toBeVisible();
  await waitForMail(creator.email, "Your Sellkit password was changed");
  // This session stayed signed in.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, creator.email, creator.password);
  await expect(page.getByText("Login failed")).toBeVisible();
  await signIn(page, creator.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("change email through the link mailed to the new address", async ({ page }) => {
  const creator = await createCreator(page);
  const newEmail = uniqueEmail("moved");
  await page.goto("/settings");
  const email = section(page, "Email address");
  await expect(email.getByText(creator.email)).toBeVisible();
  await email.getByLabel("New email").fill(newEmail);
  await email.getByLabel("Current password").fill(creator.password);
  await email.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Check your new inbox to confirm your email change")).toBeVisible();
  // Nothing changes before the link is opened.
  await page.reload();
  await expect(email.getByText(creator.email)).toBeVisible();

  await page.goto(linkIn(await waitForMail(newEmail, "Confirm your new email")));
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText("Email changed")).toBeVisible();
  await expect(section(page, "Email address").getByText(newEmail)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, newEmail, creator.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("delete the account with the keyboard: signed out on / with the toast, and signing in again fails", async ({
  page,
}) => {
  const creator = await createCreator(page);
  await page.goto("/settings");
  const danger = section(page, "Delete account");
  await danger.getByLabel("Current password").focus();
  await page.keyboard.type(creator.password);
  await page.keyboard.press("Tab"); // the show/hide toggle of the password field
  await expect(danger.getByRole("button", { name: "Show password" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(danger.getByLabel("Type DELETE to confirm")).toBeFocused();
  await page.keyboard.type("delete");
  await page.keyboard.press("Enter");
  await expect(danger.getByText("Please type DELETE to confirm")).toBeVisible();
  await danger.getByLabel("Type DELETE to confirm").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("DELETE");
  await page.keyboard.press("Tab");
  await expect(danger.getByRole("button", { name: "Delete my account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await waitForMail(creator.email, "Your Sellkit account was deleted");

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?from=%2Fsettings$/);
  await signIn(page, creator.email, creator.password);
  await expect(page.getByText("Login failed")).toBeVisible();
});

test("the profile form is driven with the keyboard alone", async ({ page }) => {
  await createCreator(page);
  await page.goto("/settings");
  const personal = section(page, "Personal profile");
  await personal.getByLabel("First name").focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Katherine");
  await page.keyboard.press("Tab");
  await expect(personal.getByLabel("Last name")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Johnson");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await expect(personal.getByLabel("First name")).toHaveValue("Katherine");
  await expect(personal.getByLabel("Last name")).toHaveValue("Johnson");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("forms post plainly and errors come back next to the field, values kept", async ({ page }) => {
    await createCreator(page);
    await page.goto("/settings");
    const business = section(page, "Business profile");
    await business.getByLabel("Store / company name").fill("X");
    await business.getByLabel("Target customer group").fill("Night owls");
    await business.getByRole("button", { name: "Save business profile" }).click();
    await expect(business.getByText("Store name must be at least 2 characters")).toBeVisible();
    await expect(business.getByLabel("Store / company name")).toHaveValue("X");
    await expect(business.getByLabel("Target customer group")).toHaveValue("Night owls");
    await business.getByLabel("Store / company name").fill("Owl Works");
    await business.getByRole("button", { name: "Save business profile" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(business.getByLabel("Store / company name")).toHaveValue("Owl Works");
    await expect(business.getByLabel("Target customer group")).toHaveValue("Night owls");
  });
});

test("axe-core: /settings has no violations in the light and dark themes, also with errors shown", async ({ page }) => {
  await createCreator(page);
  await page.goto("/settings");
  await expectNoViolationsInBothThemes(page);
  const password = section(page, "Password");
  await password.getByLabel("Current password").fill("Wrong&Pass1");
  await password.getByLabel("New password", { exact: true }).fill("short");
  await password.getByLabel("Confirm new password").fill("other");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Password must be at least 8 characters")).toBeVisible();
  await expectNoViolationsInBothThemes(page);
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test("the page fits a phone screen", async ({ page }) => {
    await createCreator(page);
    await page.goto("/settings");
    await expect(section(page, "Delete account")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(page);
  });
});
