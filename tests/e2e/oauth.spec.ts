import type { Page } from "@playwright/test";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";
import { E2E_OIDC_PORT } from "../support/e2e-ports";

const PROVIDER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
const AT_PROVIDER_INTERACTION = new RegExp(`127\\.0\\.0\\.1:${E2E_OIDC_PORT}/interaction/`);

/** At the local OpenID provider: log in as `email`, then grant consent. */
async function loginAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(AT_PROVIDER_INTERACTION);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click(); // consent
}

test("Google sign-in round-trip through a local OpenID provider creates the account and returns to `from`", async ({
  page,
}) => {
  const email = uniqueEmail("oauth");
  await page.goto("/auth?from=/choose-plan");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await loginAtProvider(page, email);
  await expect(page).toHaveURL(/\/auth\/google\/callback\?/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/choose-plan$/, { timeout: 5_000 });
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
});

test("a tampered state is refused: 'Security verification failed', no session kept, home after 2 s", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(AT_PROVIDER_INTERACTION);
  // Replace the stored CSRF token: the state coming back no longer matches it.
  const cookies = await page.context().cookies();
  const stored = cookies.find((c) => c.name === "sellkit.oauth_state")!;
  await page.context().addCookies([{ ...stored, value: encodeURIComponent('"forged"') }]);
  await loginAtProvider(page, uniqueEmail("tamper"));
  await expect(page.getByText("Security verification failed").first()).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 5_000 });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?from=%2Fdashboard$/);
});

test("a provider error shows 'Authentication failed' and goes home after 2 s", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(AT_PROVIDER_INTERACTION);
  const uid = /interaction\/([^/?]+)/.exec(page.url())![1];
  // The visitor cancels at the provider.
  await page.goto(`${PROVIDER}/interaction/${uid}/abort`);
  await expect(page.getByText("Authentication failed").first()).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 5_000 });
});

test("an OAuth email matching an existing account does not take it over", async ({ page }) => {
  const email = uniqueEmail("owner");
  await createCreator(page, { email });
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await loginAtProvider(page, email);
  await expect(page.getByText("Authentication failed").first()).toBeVisible();
  await expect(
    page.getByText("An account with this email already exists. Sign in with your password first.").first(),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?from=%2Fdashboard$/);
});
