import { Secret, TOTP } from "otpauth";
import { registerUntilMail, STRONG_PASSWORD } from "./support/accounts";
import { failingWrite } from "./support/app-database";
import { createCreator } from "./support/creator";
import { inbox, uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// The spec's texts of paths that fail on the server, each shown where SPEC.md puts it.

test("2FA: the server failing to turn it on says 'Failed to enable 2FA. Please try again.'; failing to turn it off, 'Failed to disable 2FA'", async ({
  page,
}) => {
  const creator = await createCreator(page);
  await page.goto("/security-settings");
  await page.getByLabel("Current password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Enable 2FA" }).click();
  const secret = (await page.getByTestId("manual-key").textContent())!.trim();
  const code = () => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

  // The database refuses this user's backup codes: the right code, and still nothing is turned on.
  await failingWrite(creator.email, "backup_codes", "INSERT", async () => {
    await page.getByLabel("6-digit code").fill(code());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Failed to enable 2FA. Please try again.").first()).toBeVisible();
  });
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  await page.getByLabel("6-digit code").fill(code());
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("button", { name: "I've Saved My Backup Codes" }).click();
  await expect(page.getByText("2FA is enabled")).toBeVisible();

  // The database refuses to delete this user's secret: the right password, and 2FA stays on.
  await failingWrite(creator.email, "two_factor", "DELETE", async () => {
    await page.getByLabel("Current password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Failed to disable 2FA").first()).toBeVisible();
  });
  await page.reload();
  await expect(page.getByText("2FA is enabled")).toBeVisible();
});

test("Refresh Sessions reads the sessions again; when that read fails: 'Failed to load security sessions'", async ({
  page,
}) => {
  await createCreator(page);
  await page.goto("/security-settings");
  const refresh = page.getByRole("button", { name: "Refresh Sessions" });
  const read = page.waitForResponse((response) => new URL(response.url()).pathname === "/security-settings/sessions");
  await refresh.click();
  expect((await read).status()).toBe(200);
  await expect(page.getByText("This device")).toBeVisible();

  await page.route("**/security-settings/sessions", (route) => route.abort("failed"));
  await refresh.click();
  await expect(page.getByText("Failed to load security sessions")).toBeVisible();
  await expect(page.getByText("This device")).toBeVisible(); // the list shown before stays
});

test("the audit card shows the 'Fixed:' time the security log recorded for each resolved item", async ({ page }) => {
  await createCreator(page);
  await page.goto("/security-settings");
  const card = page.locator("[data-audit]");
  await expect(card).toHaveCount(4);
  for (const id of ["2fa-secrets-exposure", "direct-database-secret-access", "backup-code-plaintext-storage"]) {
    const item = page.locator(`[data-audit="${id}"]`);
    await expect(item).toContainText("RESOLVED");
    await expect(item).toContainText(/Fixed: .+ ago|Fixed: just now/);
  }
  await expect(page.locator('[data-audit="session-security-monitoring"]')).not.toContainText("Fixed:");
});

test("Google sign-in that the server cannot start: 'Google login failed' with 'Please try again or use email/password login'", async ({
  page,
  hcaptchaApp,
}) => {
  // The second app instance has no Google client configured: its start answers the spec's Google failure.
  await page.goto(`${hcaptchaApp.origin}/auth`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByText("Google login failed")).toBeVisible();
  await expect(page.getByText("Please try again or use email/password login")).toBeVisible();
});

test("signing in before the email is verified mails the link again: 'Verification email sent!'", async ({ page }) => {
  const email = uniqueEmail("unverified");
  await registerUntilMail(page, email);
  const mails = async () =>
    (await inbox()).filter((m) => m.to.includes(email) && m.subject.includes("Verify your email")).length;
  expect(await mails()).toBe(1);
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Verification email sent!")).toBeVisible();
  await expect.poll(mails, { timeout: 15_000 }).toBe(2);
});
