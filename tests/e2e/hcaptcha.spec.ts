import { STRONG_PASSWORD } from "./support/accounts";
import { uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

test("with CAPTCHA_PROVIDER=hcaptcha, /signup uses the hCaptcha widget and the server verifies its token", async ({
  page,
  hcaptchaApp,
}) => {
  const email = uniqueEmail("hcaptcha");
  await page.goto(`${hcaptchaApp.origin}/signup`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
  await expect(page.getByRole("button", { name: "Complete Captcha First" })).toBeDisabled();

  await page.getByRole("button", { name: "I am human" }).click();
  await expect(page.getByText("Security verification completed!")).toBeVisible();
  await page.getByRole("button", { name: "Let it expire" }).click();
  await expect(page.getByText("hCAPTCHA expired. Please verify again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Complete Captcha First" })).toBeDisabled();

  await page.getByRole("button", { name: "I am human" }).click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await waitForMail(email, "Verify your email");
});
