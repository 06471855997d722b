import type { Page } from "@playwright/test";
import { expect } from "./test";
import { linkIn, waitForMail } from "./mail";

export const STRONG_PASSWORD = "Str0ng&Unusual!";

/** Fills register step 1 and waits for the captcha to be solved in the browser. */
export async function fillRegisterStepOne(page: Page, email: string, password = STRONG_PASSWORD) {
  await page.goto("/auth?tab=register");
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Date of birth").fill("1990-12-10");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await expect(page.getByRole("button", { name: "Send Verification Email" })).toBeEnabled({ timeout: 20_000 });
}

/** Registers through the UI up to the verification mail and returns its link. */
export async function registerUntilMail(page: Page, email: string, password = STRONG_PASSWORD): Promise<string> {
  await fillRegisterStepOne(page, email, password);
  await page.getByRole("button", { name: "Send Verification Email" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" }).last()).toBeVisible();
  return linkIn(await waitForMail(email, "Verify your email"));
}

/** Completes register step 2 with valid business data. */
export async function completeBusinessProfile(page: Page, storeName = "Ada's Atelier", phone = "555 123 4567") {
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Store / company name").fill(storeName);
  await page.getByLabel(/Online Store/).check();
  await page.getByLabel("Short description of your business").fill("Hand-drawn templates and guides for makers.");
  await page.getByLabel("Target customer group").fill("Small craft businesses");
  await page.getByLabel(/I accept the/).check();
  await page.getByRole("button", { name: "Complete Registration" }).click();
}
