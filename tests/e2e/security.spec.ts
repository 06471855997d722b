import type { BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { STRONG_PASSWORD } from "./support/accounts";
import { expectNoViolations } from "./support/axe";
import { createCreator, type Creator } from "./support/creator";
import { expect, test } from "./support/test";

/** The code of the authenticator app for `secret`, `stepsAhead` 30-second steps from now. */
function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Enables 2FA on /security-settings through the UI; returns the manual key, the code used and the backup codes. */
async function enableTwoFactor(page: Page): Promise<{ secret: string; setupCode: string; backupCodes: string[] }> {
  await page.goto("/security-settings");
  await page.getByLabel("Current password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Enable 2FA" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toHaveAttribute("width", "200");
  const secret = (await page.getByTestId("manual-key").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const verify = page.getByRole("button", { name: "Verify" });
  await page.getByLabel("6-digit code").fill("12a45");
  await expect(page.getByLabel("6-digit code")).toHaveValue("1245");
  await expect(verify).toBeDisabled();
  const setupCode = totpCode(secret);
  await page.getByLabel("6-digit code").fill(setupCode);
  await expect(verify).toBeEnabled();
  await verify.click();
  const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  return { secret, setupCode, backupCodes: await codes.allTextContents() };
}

async function signInWithPassword(page: Page, creator: Creator) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(creator.email);
  await page.getByLabel("Password", { exact: true }).fill(creator.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
}

async function secondBrowser(context: BrowserContext, creator: Creator): Promise<Page> {
  const other = await context.browser()!.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" } });
  const page = await other.newPage();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(creator.email);
  await page.getByLabel("Password", { exact: true }).fill(creator.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  return page;
}

test("2FA: enable with the manual key, sign in with a code and with a backup code (each once), then disable", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const creator = await createCreator(page);
  const { secret, setupCode, backupCodes } = await enableTwoFactor(page);

  await page.getByRole("button", { name: "Copy Codes" }).click();
  await expect(page.getByText("Backup codes copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"));
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toMatch(/^sellkit-backup-codes-\d{4}-\d{2}-\d{2}\.txt$/);
  await expect(page.getByText("Backup codes downloaded")).toBeVisible();
  await page.getByRole("button", { name: "I've Saved My Backup Codes" }).click();
  await expect(page.getByText("2FA has been enabled with maximum security!")).toBeVisible();
  await expect(page.getByText("2FA is enabled")).toBeVisible();

  // Password sign-in asks for the second factor; the session is not signed in until then.
  await signOut(page);
  await signInWithPassword(page, creator);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\/two-factor\?from=%2Fdashboard/);
  // The code used at setup is refused (its step is used up, or out of the window if the test crossed a 30-s
  // step meanwhile); the next step's code is accepted once.
  await page.getByLabel("Authentication code").fill(setupCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid or already used code. Please try again.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();

  // A backup code works once.
  await signOut(page);
  await signInWithPassword(page, creator);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await signInWithPassword(page, creator);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid or already used code. Please try again.")).toBeVisible();
  await page.getByLabel("Backup code").fill(backupCodes[1]!.toLowerCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Disable (re-authentication), then a password sign-in needs no code.
  await page.goto("/security-settings");
  await expect(page.getByText("8 backup codes left.", { exact: false })).toBeVisible();
  await page.getByLabel("Current password").fill(creator.password);
  await page.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("2FA has been disabled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enable 2FA" })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, creator);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("sessions: the other browser is listed, terminated, and signed out on its next request", async ({
  page,
  context,
}) => {
  const creator = await createCreator(page);
  const other = await secondBrowser(context, creator);
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto("/security-settings");
  const sessions = page
    .getByRole("heading", { name: /Active sessions/ })
    .locator("xpath=ancestor::*[contains(@class,'rounded-lg')][1]");
  await expect(sessions.getByText("This device")).toBeVisible();
  await expect(sessions.getByText("IP 198.51.100.77")).toBeVisible();
  await expect(sessions.getByText(/^Chrome on (Windows|Linux)/).first()).toBeVisible();
  await sessions.getByRole("button", { name: /Terminate session: .*198\.51\.100\.77/ }).click();
  await expect(page.getByText("Session terminated successfully")).toBeVisible();
  await expect(sessions.getByText("IP 198.51.100.77")).toHaveCount(0);

  await other.goto("/dashboard");
  await expect(other).toHaveURL(/\/auth\?from=%2Fdashboard/);
  await other.context().close();
});

test("an open security page whose session is terminated from another browser is sent to sign in at once", async ({
  page,
  context,
}) => {
  const creator = await createCreator(page);
  const other = await secondBrowser(context, creator);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.goto("/security-settings");
  await expect(other.getByText("● Live")).toBeVisible();

  // Terminated from the first browser: the other tab's live stream ends and its page goes to sign in by itself.
  await page.goto("/security-settings");
  const sessions = page
    .getByRole("heading", { name: /Active sessions/ })
    .locator("xpath=ancestor::*[contains(@class,'rounded-lg')][1]");
  await sessions.getByRole("button", { name: /Terminate session: .*198\.51\.100\.77/ }).click();
  await expect(page.getByText("Session terminated successfully")).toBeVisible();
  await expect(other).toHaveURL(/\/auth\?from=%2Fsecurity-settings/, { timeout: 5_000 });
  await other.context().close();
});

test("events arrive live in an open tab, with an alert toast for risk 5 or more", async ({ page, context }) => {
  const creator = await createCreator(page);
  await page.goto("/security-settings");
  await expect(page.getByText("● Live")).toBeVisible();

  const other = await secondBrowser(context, creator);
  await expect(other).toHaveURL(/\/dashboard$/);
  const events = page.getByRole("list", { name: "Security events" });
  await expect(events.locator('[data-event-type="sign_in_success"]').first()).toBeVisible({ timeout: 1_500 });

  // A failed re-authentication five times over locks it: risk 7, an alert in the open tab.
  await other.goto("/settings");
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await other.getByRole("region", { name: "Password" }).getByLabel("Current password").fill("Wrong&Password1");
    await other
      .getByRole("region", { name: "Password" })
      .getByLabel("New password", { exact: true })
      .fill("An0ther&Strong!");
    await other.getByRole("region", { name: "Password" }).getByLabel("Confirm new password").fill("An0ther&Strong!");
    await other.getByRole("button", { name: "Change password" }).click();
    await expect(other.getByText(/incorrect|Too many attempts/).first()).toBeVisible();
  }
  await expect(page.getByText("Security Alert: reauthentication_rate_limited")).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText("Risk Score: 7")).toBeVisible();
  await other.context().close();
});

test("export downloads a JSON file without secrets; cleanup answers with the spec's toast; no axe violations", async ({
  page,
}) => {
  await createCreator(page);
  const { secret, backupCodes } = await enableTwoFactor(page);
  await page.getByRole("button", { name: "I've Saved My Backup Codes" }).click();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export Data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sellkit-security-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText("Security data exported successfully")).toBeVisible();
  const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  const exported = JSON.parse(text);
  expect(Object.keys(exported).sort()).toEqual(["exportedAt", "note", "profile", "securityLogs", "sessions"]);
  expect(exported.securityLogs.some((event: { eventType: string }) => event.eventType === "2fa_enabled")).toBe(true);
  expect(text).not.toContain(secret);
  for (const code of backupCodes) expect(text).not.toContain(code);
  expect(text).not.toMatch(/"(token|password|secret\w*|codeHash)"\s*:/i);

  await page.getByRole("button", { name: "Cleanup Data" }).click();
  await expect(
    page.getByText("Data cleanup completed. For full account deletion, please contact support."),
  ).toBeVisible();

  for (const item of ["2FA secrets exposure", "Direct database secret access", "Backup code plaintext storage"]) {
    await expect(
      page.locator("[data-audit]").filter({ hasText: item }).getByText("RESOLVED", { exact: true }),
    ).toBeVisible();
  }
  await expect(
    page
      .locator("[data-audit]")
      .filter({ hasText: "Session security monitoring" })
      .getByText("MONITORING", { exact: true }),
  ).toBeVisible();
  await page.locator("[data-event-type]").first().getByText("View Details").click();
  await expectNoViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoViolations(page, { colours: true });
});
