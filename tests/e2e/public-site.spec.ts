import { expect, test } from "./support/test";
import { PUBLIC_PATHS } from "~/domains/marketing/content/public-pages";

test.describe("every public page", () => {
  for (const path of PUBLIC_PATHS) {
    test(`${path} answers 200 with a heading, title and description`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      const response = await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/Sellkit/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Sellkit/);
      expect(errors, "no console errors (CSP violations included)").toEqual([]);
    });
  }
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the landing page shows the spec's claims, testimonials and dashboard preview tabs", async ({ page }) => {
  await page.goto("/");
  for (const claim of ["10,000+", "50K+", "2M+", "99.9%", "4.9/5", "250+", "$2M+"]) {
    await expect(page.getByText(claim).first()).toBeVisible();
  }
  await expect(page.locator("#testimonials figure")).toHaveCount(6);
  await expect(page.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(6);
  const preview = page.locator("#dashboard");
  await expect(preview.getByRole("radio", { name: "Products" })).toBeChecked();
  await expect(preview.getByText("Add New Product")).toBeVisible();
  await preview.getByRole("radio", { name: "Sales" }).click();
  await expect(preview.getByText("Total Revenue")).toBeVisible();
  await expect(preview.getByText("+€20.00").first()).toBeVisible();
  await preview.getByText("View All Transactions").click();
  await expect(
    preview.locator("details", { hasText: "View All Transactions" }).getByText("Freelance Finance Tracker"),
  ).toBeVisible();
  await expect(preview.getByText("Add New Product")).toBeHidden();
  await preview.getByRole("radio", { name: "Sales" }).press("ArrowRight");
  await expect(preview.getByText("Customer data will appear here as you make sales")).toBeVisible();
  await preview.getByText("View Demo Data").click();
  await expect(preview.getByText("j.doe@example.com")).toBeVisible();
});

test("the help center states the spec's help texts and four video placeholders", async ({ page }) => {
  await page.goto("/help");
  await expect(page.getByText("2GB per product", { exact: true })).toBeVisible();
  await expect(page.getByText("Typically within 7 business days")).toBeVisible();
  await expect(page.getByText("Within 1-2 business days", { exact: true })).toBeVisible();
  await expect(page.locator("#videos li")).toHaveCount(4);
  await page.getByText("When do I get paid?").click();
  await expect(page.getByText("Payouts typically arrive within 7 business days.")).toBeVisible();
});

test("the learn page switches between its three tabs", async ({ page }) => {
  await page.goto("/learn");
  await expect(page.getByRole("radio", { name: "How it works" })).toBeChecked();
  await page.getByRole("radio", { name: "Benefits" }).click();
  await expect(page.getByRole("heading", { name: "Automatic delivery" })).toBeVisible();
  await page.getByRole("radio", { name: "Get started" }).click();
  await expect(page.getByText("Create your free account — no credit card needed.")).toBeVisible();
});

test("a blog article links back to the blog and offers two share buttons", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: "Selling at craft fairs without the cash box" }).click();
  await expect(page).toHaveURL(/\/blog\/selling-at-craft-fairs$/);
  await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
    "href",
    "/blog/selling-at-craft-fairs/share/x",
  );
  await expect(page.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
    "href",
    "/blog/selling-at-craft-fairs/share/facebook",
  );
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
