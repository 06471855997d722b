import { STRONG_PASSWORD } from "./support/accounts";
import { createCreator } from "./support/creator";
import { linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

test("sign-out and sign-in again, with the header following the session", async ({ page }) => {
  const email = uniqueEmail("signin");
  await createCreator(page, { email });
  // The marketing header of a public page; the workspace has its own navigation (dashboard.spec.ts).
  await page.goto("/features");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await banner.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(banner.getByRole("link", { name: "Log in" })).toBeVisible();

  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
});

test("a wrong password and an unknown email answer alike", async ({ page }) => {
  const email = uniqueEmail("wrong");
  await createCreator(page, { email });
  await page.context().clearCookies();
  for (const [address, password] of [
    [email, "WrongPass1!"],
    [uniqueEmail("nobody"), "WrongPass1!"],
  ] as const) {
    await page.goto("/auth");
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByText("Login failed")).toBeVisible();
  }
});

test("sign-in validation messages", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill("bad");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
});

test("the route guard sends visitors to /auth with `from`, and back after sign-in", async ({ page }) => {
  const email = uniqueEmail("guard");
  await createCreator(page, { email });
  await page.context().clearCookies();
  await page.goto("/choose-plan");
  await expect(page).toHaveURL(/\/auth\?from=%2Fchoose-plan$/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/choose-plan$/);
  await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
});

test("a foreign `from` is ignored", async ({ page }) => {
  const email = uniqueEmail("from");
  await createCreator(page, { email });
  await page.context().clearCookies();
  await page.goto("/auth?from=https://evil.example/steal");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test("tabs switch without adding history; a signed-in visitor is sent to the dashboard", async ({ page }) => {
  await page.goto("/");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goBack();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("before the page's script has run, the tabs switch without adding history too", async ({ page, baseURL }) => {
  // Scripts held back for good: the page stays un-hydrated, as on a slow connection.
  await page.route(/\/assets\/.+\.js$/, () => new Promise(() => {}));
  await page.mainFrame().goto(new URL("/", baseURL).href, { waitUntil: "domcontentloaded" });
  await page.mainFrame().goto(new URL("/auth", baseURL).href, { waitUntil: "domcontentloaded" });
  const entries = await page.evaluate(() => history.length);
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByLabel("First name")).toBeVisible();
  await page.getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack({ waitUntil: "domcontentloaded" });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("magic link: mail → /verify → signed in → home after 1.5 s", async ({ page }) => {
  const email = uniqueEmail("magic");
  await createCreator(page, { email });
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByText("Email me a sign-in link instead").click();
  await page.getByLabel("Email for the sign-in link").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByText("If an account exists for that email, a sign-in link is on its way.")).toBeVisible();
  const link = linkIn(await waitForMail(email, "sign-in link"));
  expect(link).toContain("/verify?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "You're signed in" })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/, { timeout: 5_000 });
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  // Single use: the same link fails and goes to /login.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test("/verify without a token goes to /login", async ({ page }) => {
  await page.goto("/verify");
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot → mail → reset → old sessions signed out → sign in with the new password", async ({ page, browser }) => {
  const email = uniqueEmail("reset");
  await createCreator(page, { email });
  // A second signed-in browser that must be signed out by the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await otherPage.getByLabel("Email", { exact: true }).fill(email);
  await otherPage.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await otherPage.getByRole("button", { name: "Sign In" }).click();
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(`  ${email}  `);
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");

  const link = linkIn(await waitForMail(email, "Reset your Sellkit password"));
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByText("Reset link verified")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("N3w&Different!");
  await page.getByLabel("Confirm new password").fill("N3w&Different");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("N3w&Different!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await waitForMail(email, "password was changed");

  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/auth\?from=%2Fdashboard$/);
  await other.close();

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("N3w&Different!");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an invalid reset link shows its message and goes to /login after 3 s", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByText("Invalid or expired reset link").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
  await page.goto("/reset-password");
  await expect(page.getByText("Invalid reset link").first()).toBeVisible();
});

test("forgot password: validation and 'Try different email'", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill("x");
  await page.getByLabel("Email", { exact: true }).fill("");
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("a@b");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByRole("button", { name: "Try different email" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("");
});

test("/signup → verify → Choose Your Plan (from ?plan=) → dashboard", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/signup?plan=pro");
  await expect(page.getByText("You chose the Pro plan.")).toBeVisible();
  await expect(page.getByText("Phone registration temporarily unavailable")).toBeVisible();
  await page.getByRole("button", { name: "Continue with Apple" }).click();
  await expect(page.getByText("Apple sign-in coming soon")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill("other");
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
  await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  const link = linkIn(await waitForMail(email, "Verify your email"));
  await page.goto(link);
  await expect(page).toHaveURL(/\/choose-plan$/);
  await expect(page.getByRole("button", { name: "Choose Pro" })).toHaveAttribute("aria-pressed", "true");
  // A paid plan starts once its first payment succeeds, at the TEST MODE checkout.
  await page.getByRole("button", { name: "Choose Business" }).click();
  await expect(page).toHaveURL(/\/billing\/test\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("Business plan selected!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
});

test("the free plan goes straight to the dashboard; 'Skip for now' too", async ({ page }) => {
  await createCreator(page);
  await page.goto("/choose-plan");
  await page.getByRole("button", { name: "Choose Starter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome! Your free account is ready.")).toBeVisible();
  await page.goto("/choose-plan");
  await page.getByRole("link", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unconfigured provider answers '{provider} login failed'", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Facebook" }).click();
  await expect(page.getByText("Facebook login failed")).toBeVisible();
  await expect(
    page.getByText("Facebook sign-in is not configured on this server. Please use email and password."),
  ).toBeVisible();
});

test("forgot password counts failed attempts: '{n} attempts remaining', then 'Too many attempts'", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("attempts");
  const send = async () => {
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled({ timeout: 20_000 });
    await page.getByRole("button", { name: "Send Reset Link" }).click();
  };
  await page.goto("/forgot-password");
  // Five requests for one email are allowed per hour; 'Try different email' resets the form each time.
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(email);
    await send();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await page.getByRole("button", { name: "Try different email" }).click();
  }
  await page.getByLabel("Email").fill(email);
  await send();
  await expect(page.getByText("Too many requests. Please wait before trying again.")).toBeVisible();
  await expect(page.getByText("2 attempts remaining")).toBeVisible();
  await send();
  await expect(page.getByText("1 attempts remaining")).toBeVisible();
  await send();
  await expect(page.getByText("Too many attempts. Please try again later.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Send Reset Link|Complete Captcha First/ })).toBeDisabled();
});

test("reset password: minimum length message", async ({ page }) => {
  const email = uniqueEmail("resetmin");
  await createCreator(page, { email });
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.goto(linkIn(await waitForMail(email, "Reset your Sellkit password")));
  await page.getByLabel("New password", { exact: true }).fill("12345");
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("what a fast visitor types before the page's script runs is validated as soon as it hydrates", async ({
  page,
  baseURL,
}) => {
  // Hold every script until the fields are filled, as on a slow connection.
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // The frame's own goto: the page fixture's would wait for the hydration that is being held.
  await page.mainFrame().goto(new URL("/login", baseURL).href, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email", { exact: true }).fill("bad");
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  release();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("bad");
});
