import { expectNoViolations, expectNoViolationsInBothThemes } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

const TOOLS_BY_TYPE: Record<string, [string, string][]> = {
  online_store: [
    ["E-shop Builder", "/tools/estore-builder"],
    ["Product Manager", "/tools/products"],
  ],
  retail_store: [
    ["Store Management", "/tools/retail-dashboard"],
    ["POS System", "/tools/pos"],
  ],
  events: [
    ["Event Sales Manager", "/tools/events"],
    ["Mobile POS", "/tools/mobile-pos"],
  ],
  existing_website: [
    ["Buy Button Generator", "/tools/buy-button"],
    ["Website Integration", "/tools/integration"],
  ],
  social_media: [
    ["Social Media Manager", "/tools/social"],
    ["Link in Bio Tool", "/tools/bio-link"],
  ],
};

test.describe("dashboard tools", () => {
  for (const [type, tools] of Object.entries(TOOLS_BY_TYPE)) {
    test(`a creator selling by ${type} sees exactly its tools`, async ({ page }) => {
      await createCreator(page, { businessTypes: [type], storeName: "Type Test Shop" });
      await page.goto("/dashboard");
      await expect(page.getByText("Managing Type Test Shop")).toBeVisible();
      const grid = page.getByRole("region", { name: "Your Business Tools" }).getByRole("listitem");
      await expect(grid).toHaveCount(tools.length);
      for (const [index, [name, href]] of tools.entries()) {
        await expect(grid.nth(index).getByRole("link")).toHaveAttribute("href", href);
        await expect(grid.nth(index)).toContainText(name);
      }
    });
  }

  test("a tool is reached with the keyboard alone", async ({ page }) => {
    await createCreator(page, { businessTypes: ["events"] });
    await page.goto("/dashboard");
    const link = page.getByRole("main").getByRole("link", { name: /Event Sales Manager/ });
    for (let presses = 0; presses < 40 && !(await link.evaluate((el) => el === document.activeElement)); presses += 1)
      await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tools\/events$/);
  });
});

test.describe("greeting by local time (clock and zone of the browser)", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  for (const [time, greeting] of [
    ["11:59", "Good morning, Grace"],
    ["12:00", "Good afternoon, Grace"],
    ["17:59", "Good afternoon, Grace"],
    ["18:00", "Good evening, Grace"],
  ] as const) {
    test(`at ${time} it reads '${greeting}', already before the page hydrates`, async ({ page, context }) => {
      await createCreator(page, { firstName: "Grace" });
      await context.clock.setFixedTime(new Date(`2026-11-21T${time}:00+09:00`));
      // The first paint: scripts of the app blocked, so only the server's HTML and its inline script run.
      const firstPaint = await context.newPage();
      await firstPaint.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await firstPaint.goto("/dashboard");
      await expect(firstPaint.getByRole("heading", { level: 1 })).toHaveText(greeting);
      await firstPaint.close();
      // And once interactive.
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(greeting);
    });
  }
});

test.describe("signed-in landing", () => {
  test("shows the sample creator dashboard with its tabs, New Product, Settings and Logout", async ({ page }) => {
    await createCreator(page);
    await page.goto("/");
    await expect(page.getByText("Sample data", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Creator dashboard" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Products" })).toBeChecked();
    await expect(page.getByText("Add New Product")).toBeVisible();
    await page.getByRole("radio", { name: "Sales" }).check();
    await expect(page.getByText("Total Revenue")).toBeVisible();
    await expect(page.getByText("+€20.00").first()).toBeVisible();
    await page.getByRole("radio", { name: "Customers" }).check();
    await expect(page.getByText("Customer data will appear here as you make sales")).toBeVisible();
    await page.getByText("View Demo Data").click();
    await expect(page.getByText("j.doe@example.com")).toBeVisible();
    await expect(page.getByRole("link", { name: "New Product" })).toHaveAttribute("href", "/tools/products/new");
    await expect(page.getByRole("main").getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Start Selling Today" })).toBeVisible();
  });
});

test.describe("accessibility of the workspace", () => {
  test("dashboard and signed-in landing have no violations in the light and dark themes", async ({ page }) => {
    await createCreator(page, {
      businessTypes: ["online_store", "retail_store", "events", "existing_website", "social_media"],
      companySize: "small_2_10",
    });
    await page.goto("/dashboard");
    await expect(page.getByText("2-10 people")).toBeVisible();
    await expectNoViolationsInBothThemes(page);
    await page.goto("/");
    await expectNoViolationsInBothThemes(page);
    await page.getByRole("radio", { name: "Sales" }).check();
    await page.getByText("View All Transactions").click();
    await expectNoViolationsInBothThemes(page);
  });
});

test.describe("workspace navigation", () => {
  test("the sidebar leads to every page and marks the current one; on a phone its menu works with the keyboard", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await createCreator(page, { businessTypes: ["online_store", "social_media"], storeName: "Sidebar Shop" });
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Workspace" });
    const current = nav.locator('[aria-current="page"]');
    await expect(page.getByRole("banner").getByText("Sidebar Shop")).toBeVisible();
    await expect(current).toHaveText("Dashboard");
    // The marketing header is not part of the workspace.
    await expect(page.getByRole("link", { name: "Pricing" })).toHaveCount(0);
    // The tools of the creator's business types, and only those (the Product Manager is Products).
    await expect(nav.getByRole("link", { name: "E-shop Builder" })).toHaveAttribute("href", "/tools/estore-builder");
    await expect(nav.getByRole("link", { name: "Link in Bio Tool" })).toHaveAttribute("href", "/tools/bio-link");
    await expect(nav.getByRole("link", { name: "POS System" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Product Manager" })).toHaveCount(0);

    for (const [label, path, heading] of [
      ["Orders", "/orders", "Orders"],
      ["Customers", "/customers", "Customers"],
      ["Analytics", "/analytics", "Analytics"],
      ["Payouts", "/payouts", "Payouts"],
      ["Payments", "/payments", "Payments"],
      ["Discounts", "/tools/products/discounts", "Discount codes"],
      ["Products", "/tools/products", "Product Manager"],
      ["Social Media Manager", "/tools/social", "Social Media Manager"],
      ["Settings", "/settings", "Settings"],
      ["Security", "/security-settings", "Security settings"],
      ["Dashboard", "/dashboard", /^Good (morning|afternoon|evening), Ada$/],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(current).toHaveText(label);
    }
    // A page below an entry marks that entry.
    await page.goto("/tools/products/new");
    await expect(current).toHaveText("Products");
    await expectNoViolations(page);

    // At 390 px the navigation is a menu: opened and left with the keyboard, closed by Escape and by following a link.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(nav).toBeHidden();
    const menu = page.getByRole("banner").getByLabel("Menu");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(nav).toBeVisible();
    await expectNoViolations(page);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Space");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Orders" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/orders$/);
    await expect(nav).toBeHidden();
    await page.getByRole("banner").getByLabel("Menu").click();
    await expect(current).toHaveText("Orders");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
