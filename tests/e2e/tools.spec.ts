import { TOOLS } from "~/domains/workspace/content/tools";
import { SALES_METHODS } from "~/domains/sales-methods/content/sales-methods";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

/** Tools that are built out on a page of their own rather than the generic tool page. */
const OWN_PAGES = new Set(["estore-builder", "retail-dashboard", "buy-button", "integration", "bio-link"]);

/** A valid submission of each form and one value the tool page must show for it (as a label). */
const SETUPS: Record<string, { fields: [string, string][]; shows: string }> = {
  online_store: {
    fields: [
      ["storeName", "Tool Store"],
      ["category", "health"],
      ["currency", "GBP"],
      ["theme", "bold"],
    ],
    shows: "Health & Beauty",
  },
  retail_store: {
    fields: [
      ["storeName", "Tool Shop"],
      ["address", "9 High Street, Springfield"],
      ["features", "inventory"],
      ["features", "staff"],
    ],
    shows: "Inventory tracking, Staff management",
  },
  events: {
    fields: [
      ["businessName", "Tool Stall"],
      ["eventTypes", "flea_markets"],
      ["paymentMethods", "peer_payment"],
    ],
    shows: "Flea Markets",
  },
  existing_website: {
    fields: [
      ["websiteUrl", "https://tools.example"],
      ["platform", "squarespace"],
      ["integrationMethod", "cart"],
      ["buttonText", "Add it"],
      ["buttonStyle", "secondary"],
    ],
    shows: "Add to cart",
  },
  social_media: {
    fields: [
      ["businessName", "Tool Social"],
      ["platforms", "snapchat"],
      ["contentTypes", "live_streams"],
    ],
    shows: "Live Streams",
  },
};

test("every tool page shows its name, what it does, the saved setup in words and an edit link", async ({
  page,
  app,
}) => {
  test.setTimeout(90_000);
  await createCreator(page, { businessTypes: SALES_METHODS.map((m) => m.key) });
  const origin = app.origin;
  for (const method of SALES_METHODS) {
    const form = new FormData();
    for (const [name, value] of SETUPS[method.key]!.fields) form.append(name, value);
    const saved = await page.request.post(method.path, { headers: { origin }, multipart: form, maxRedirects: 0 });
    expect(saved.status(), method.path).toBe(302);
  }
  // The last save's toast cookie is shown (and used up) by the next page; scan the tool pages without it.
  await page.goto("/sales/social-media");
  await expect(page.getByText("Social media sales saved")).toBeVisible();
  // The Product Manager, the point of sale, the Event Sales and Social Media Managers are pages of their own.
  for (const tool of TOOLS.filter((t) => !["products", "pos", "mobile-pos", "events", "social"].includes(t.slug))) {
    await page.goto(`/tools/${tool.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByText(tool.description)).toBeVisible();
    // The E-shop Builder and Store Management are tools of their own: they keep the setup and its edit link, without
    // the notice.
    if (!OWN_PAGES.has(tool.slug))
      await expect(page.getByText(new RegExp(`^${tool.name} works from your .* setup`))).toBeVisible();
    await expect(page.getByText(SETUPS[tool.businessType]!.shows, { exact: true })).toBeVisible();
    const method = SALES_METHODS.find((m) => m.key === tool.businessType)!;
    await expect(page.getByRole("link", { name: /^Edit / })).toHaveAttribute("href", method.path);
    await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
    await expectNoViolations(page);
  }
});

test("before anything is saved a tool page offers to set it up; unknown tools are not found", async ({ page }) => {
  await createCreator(page, { businessTypes: ["social_media"] });
  await page.goto("/tools/bio-link");
  await expect(page.getByRole("heading", { level: 1, name: "Link in Bio Tool" })).toBeVisible();
  await expect(page.getByText("Nothing saved yet")).toBeVisible();
  await page.getByRole("link", { name: "Set up social media sales" }).click();
  await expect(page).toHaveURL(/\/sales\/social-media$/);
  await expect(page.getByRole("heading", { level: 1, name: "Setup Social Media Sales" })).toBeVisible();
  await page.goto("/tools/bio-link");
  await expectNoViolations(page);
  const response = await page.goto("/tools/not-a-tool");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  // Inside the workspace, its navigation kept.
  await expect(
    page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
});

test("a not-found page in the workspace hydrates whole, and a client-side way back to it shows it again", async ({
  page,
}) => {
  await createCreator(page, { businessTypes: ["social_media"] });
  await page.goto("/tools/not-a-tool");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  // The sidebar navigates inside the app: a marker on the window survives.
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Workspace" })).toBeVisible();
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});

test("signed out, a tool page sends the visitor to sign in and back", async ({ page }) => {
  await page.goto("/tools/pos");
  await expect(page).toHaveURL(/\/auth\?from=%2Ftools%2Fpos$/);
});

test("the Event Sales Manager and its new-event form pass axe, by keyboard and on a phone", async ({ page }) => {
  await createCreator(page, { businessTypes: ["events"] });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/events");
  await expect(page.getByRole("heading", { level: 1, name: "Event Sales Manager" })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("link", { name: "New event" }).press("Enter");
  await expect(page).toHaveURL(/\/tools\/events\/new$/);
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
});
