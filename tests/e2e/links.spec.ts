import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";

/** Clicks a link and checks the browser arrives at the spec's target (path and query). */
async function follow(page: Page, link: Locator, target: string) {
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
}

test.describe("header (desktop)", () => {
  const main = (page: Page) => page.getByRole("navigation", { name: "Main" });

  for (const [name, target] of [
    ["Home", "/"],
    ["Features", "/features"],
    ["Pricing", "/pricing"],
  ] as const) {
    test(`${name} goes to ${target}`, async ({ page }) => {
      await page.goto("/about");
      await follow(page, main(page).getByRole("link", { name, exact: true }), target);
    });
  }

  for (const [menu, name, target] of [
    ["Resources", "Security", "/security"],
    ["Resources", "Help Center", "/help"],
    ["Resources", "Blog", "/blog"],
    ["Resources", "Partners", "/partners"],
    ["Company", "About", "/about"],
    ["Company", "Contact", "/contact"],
  ] as const) {
    test(`${menu} › ${name} goes to ${target}`, async ({ page }) => {
      await page.goto("/");
      const link = main(page).getByRole("link", { name, exact: true });
      await expect(link).toBeHidden();
      await main(page).getByText(menu, { exact: true }).click();
      await follow(page, link, target);
    });
  }

  test("the menus open with the keyboard", async ({ page }) => {
    await page.goto("/features");
    await main(page).getByText("Resources", { exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(main(page).getByRole("link", { name: "Help Center" })).toBeVisible();
  });

  test("Log in goes to /auth and Sign up to /auth?tab=register", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await follow(page, banner.getByRole("link", { name: "Sign up" }), "/auth?tab=register");
  });

  test("the wordmark leads home", async ({ page }) => {
    await page.goto("/pricing");
    await follow(page, page.getByRole("banner").getByRole("link", { name: "Sellkit home" }), "/");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is closed, opens with the same links, and navigates", async ({ page }) => {
    await page.goto("/");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByText("Menu").or(page.getByLabel("Menu")).first().click();
    await expect(mobile).toBeVisible();
    const expected = [
      "Home",
      "Features",
      "Pricing",
      "Security",
      "Help Center",
      "Blog",
      "Partners",
      "About",
      "Contact",
      "Log in",
      "Sign up",
    ];
    await expect(mobile.getByRole("link")).toHaveText(expected);
    await expect(mobile.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/auth?tab=register");
    await follow(page, mobile.getByRole("link", { name: "Partners" }), "/partners");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

test.describe("footer", () => {
  for (const [name, target] of [
    ["Features", "/features"],
    ["Pricing", "/pricing"],
    ["Security", "/security"],
    ["Help Center", "/help"],
    ["Contact", "/contact"],
    ["Privacy Policy", "/privacy"],
    ["Terms of Service", "/terms"],
    ["About", "/about"],
    ["Blog", "/blog"],
    ["Partners", "/partners"],
  ] as const) {
    test(`${name} goes to ${target}`, async ({ page }) => {
      await page.goto("/");
      await follow(page, page.getByRole("contentinfo").getByRole("link", { name, exact: true }), target);
    });
  }

  test("has two external social links that open safely", async ({ page }) => {
    await page.goto("/");
    const external = page.getByRole("contentinfo").locator('a[href^="https://"]');
    await expect(external).toHaveCount(2);
    for (const link of await external.all()) await expect(link).toHaveAttribute("rel", /noopener/);
  });
});

test.describe("landing page calls to action", () => {
  test("'Start Selling Today' goes to /signup", async ({ page }) => {
    await page.goto("/");
    await follow(page, page.getByRole("link", { name: "Start Selling Today" }), "/signup");
  });

  test("'Watch Demo' goes to /learn", async ({ page }) => {
    await page.goto("/");
    await follow(page, page.getByRole("link", { name: "Watch Demo" }), "/learn");
  });

  test("'Get Started Now' goes to /signup", async ({ page }) => {
    await page.goto("/");
    await follow(page, page.getByRole("link", { name: "Get Started Now" }), "/signup");
  });
});

test.describe("pricing section", () => {
  for (const [plan, cta, target] of [
    ["Starter", "Get Started", "/signup"],
    ["Pro", "Start Free Trial", "/signup?plan=pro"],
    ["Business", "Start Business", "/signup?plan=business"],
    ["Enterprise", "Start Enterprise", "/signup?plan=enterprise"],
  ] as const) {
    test(`${plan}: '${cta}' goes to ${target} and 'Learn more' to /tier/${plan.toLowerCase()}`, async ({ page }) => {
      for (const start of ["/", "/pricing"]) {
        await page.goto(start);
        const card = page
          .locator(`#pricing, main`)
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: plan, exact: true }) })
          .first();
        await follow(page, card.getByRole("link", { name: new RegExp(`^${cta}`) }), target);
        await page.goto(start);
        await follow(page, card.getByRole("link", { name: /^Learn more/ }), `/tier/${plan.toLowerCase()}`);
      }
    });
  }
});

test.describe("plan detail pages", () => {
  for (const [plan, price, cta, target] of [
    ["starter", "Free + 8%", "Get Started", "/signup"],
    ["pro", "€19", "Start Free Trial", "/signup?plan=pro"],
    ["business", "€49", "Start Business", "/signup?plan=business"],
    ["enterprise", "€79", "Start Enterprise", "/signup?plan=enterprise"],
  ] as const) {
    test(`/tier/${plan} shows ${price}, starts at ${target} and goes back to /pricing`, async ({ page }) => {
      await page.goto(`/tier/${plan}`);
      await expect(page.getByText(price, { exact: true })).toBeVisible();
      await follow(page, page.getByRole("main").getByRole("link", { name: cta }), target);
      await page.goto(`/tier/${plan}`);
      await follow(page, page.getByRole("link", { name: "Back to Pricing" }), "/pricing");
    });
  }

  test("Enterprise's 'Contact Sales' goes to /contact", async ({ page }) => {
    await page.goto("/tier/enterprise");
    await expect(page.getByText("99.9% uptime SLA", { exact: true })).toBeVisible();
    await follow(page, page.getByRole("link", { name: "Contact Sales" }), "/contact");
  });
});
