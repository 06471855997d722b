import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// In a real browser on a phone-sized screen: a Starter creator sees each locked control say what the plan lacks
// before trying it and reaches the upgrade link with the keyboard; the analytics page does not scroll sideways and the
// locks stay on screen; axe finds nothing.

test.use({ viewport: { width: 390, height: 844 } });

const scrollsSideways = () => document.documentElement.scrollWidth > document.documentElement.clientWidth;

test("the locks of detailed analytics and the own-CSS button style, at 390 px and by keyboard", async ({ page }) => {
  await createCreator(page, { businessTypes: ["online_store", "existing_website"] });

  await page.goto("/analytics");
  await expect(page.getByRole("heading", { name: "By source" })).toBeVisible();
  await expect(page.getByText("Your plan does not include detailed analytics.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Page views and sales by source" })).toHaveCount(0);
  const analyticsUpgrade = page.getByRole("link", { name: "Upgrade to Pro to use detailed analytics" });
  await expect(analyticsUpgrade).toHaveAttribute("href", "/settings/billing?upgrade=pro");
  await analyticsUpgrade.focus();
  await expect(analyticsUpgrade).toBeFocused();
  expect(await page.evaluate(scrollsSideways)).toBe(false);
  await expectNoViolations(page);

  await page.goto("/sales/existing-website");
  const style = page.getByLabel("Button style");
  await expect(style.locator('option[value="custom"]')).toBeDisabled();
  await expect(page.getByText("Your plan does not include advanced customisation.")).toBeVisible();
  // The lock is the style field's description, and its link comes next in the keyboard order.
  await expect(style).toHaveAccessibleDescription(/Your plan does not include advanced customisation\. Upgrade to Pro/);
  await style.focus();
  await page.keyboard.press("Tab");
  const styleUpgrade = page.getByRole("link", { name: "Upgrade to Pro to use advanced customisation" });
  await expect(styleUpgrade).toBeFocused();
  // This form's code preview is wider than a phone on any plan; the lock's own words and link stay on screen.
  const box = await styleUpgrade.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectNoViolations(page);
});
