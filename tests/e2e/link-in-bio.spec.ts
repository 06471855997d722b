import { expectNoViolations } from "./support/axe";
import { fillTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { putOnPlanDirectly } from "./support/plan";
import { linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

// The Link in Bio journey in a real browser: the seller builds a page of links, two products and an email sign-up
// with a live phone-width preview; a signed-out visitor on a phone opens it (no script), clicks a link and buys a
// product through it; the seller sees the clicks, the sale and its revenue on the block, and the source in analytics.

test("a bio page built in the editor sells through its product block, with the figures shown", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(180_000);
  const seller = await createCreator(page, { businessTypes: ["social_media"] });
  await publishProductDirectly(app, seller.id, { name: "Trail Map", slug: "trail-map", priceCents: 700 });
  await publishProductDirectly(app, seller.id, { name: "Field Guide", slug: "field-guide", priceCents: 1250 });

  await page.goto("/tools/bio-link");
  await expect(page.getByRole("heading", { level: 1, name: "Link in Bio Tool" })).toBeVisible();
  const preview = page.getByTestId("bio-preview");
  // The preview follows the profile form as the seller types, before saving.
  await page.getByLabel("Name on the page").fill("Ada on the trail");
  await expect(preview.getByRole("heading", { name: "Ada on the trail" })).toBeVisible();
  await page.getByLabel("Short bio").fill("Maps and guides for long walks");
  await page.getByRole("radio", { name: "Forest" }).check();
  await page.getByRole("radio", { name: "Pill" }).check();
  await expect(preview.locator('[data-theme="forest"][data-buttons="pill"]')).toBeVisible();
  await page.getByLabel("Instagram").fill("@ada.maps");
  await expect(preview.getByRole("link", { name: "Instagram" })).toBeVisible();
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByText("Page saved")).toBeVisible();

  const blocks = page.locator("ol > li[data-block-id]");
  const addForm = () => page.getByRole("form", { name: "Add a block" });
  const addBlock = async (kind: string, fill: () => Promise<void>) => {
    const count = await blocks.count();
    if (!(await addForm().isVisible())) await page.getByText("Add a block", { exact: true }).click();
    await addForm().getByLabel("Block type").selectOption({ label: kind });
    await fill();
    await addForm().getByRole("button", { name: "Add block" }).click();
    await expect(blocks).toHaveCount(count + 1);
  };
  // An unsafe link is refused with the field's message; corrected, it is added. With no block yet the form is open.
  await expect(addForm()).toBeVisible();
  await addForm().getByLabel("Block type").selectOption({ label: "Link" });
  await addForm().getByLabel("Button text").fill("About me");
  await addForm().getByLabel("Web address").fill("javascript:alert(1)");
  await addForm().getByRole("button", { name: "Add block" }).click();
  await expect(addForm().getByText("Please enter a web address starting with https:// or http://.")).toBeVisible();
  await addBlock("Link", async () => {
    await addForm().getByLabel("Button text").fill("About me");
    await addForm().getByLabel("Web address").fill(`${app.origin}/about`);
  });
  await addBlock("Product", async () => {
    await addForm().getByLabel("Product").selectOption({ label: "Trail Map" });
  });
  await addBlock("Product", async () => {
    await addForm().getByLabel("Product").selectOption({ label: "Field Guide" });
  });
  await addBlock("Email sign-up", async () => {
    await addForm().getByLabel("Sign-up title").fill("Trail news");
  });
  await expect(blocks).toHaveCount(4);

  // Keyboard reorder: Alt+Up on the last block's button moves the sign-up above the Field Guide.
  await blocks.nth(3).getByRole("button", { name: "Move up: Trail news" }).focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(blocks.nth(2)).toContainText("Trail news");
  await expect(page.getByText("Trail news moved to position 3 of 4.")).toBeAttached();
  // And the Move down button puts it back; the order is saved on the server.
  await blocks.nth(2).getByRole("button", { name: "Move down: Trail news" }).click();
  await expect(blocks.nth(3)).toContainText("Trail news");
  await expect
    .poll(async () =>
      (await app.pool.query(`select kind from bio_blocks where user_id = $1 order by position`, [seller.id])).rows.map(
        (row: { kind: string }) => row.kind,
      ),
    )
    .toEqual(["link", "product", "product", "signup"]);
  await expectNoViolations(page);
  const address = await page.getByRole("link", { name: /\/links$/ }).getAttribute("href");
  expect(address).toMatch(/\/s\/[^/]+\/links$/);

  // A signed-out visitor on a phone.
  const visitor = await browser.newContext({ baseURL: app.origin, viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  const scripts: string[] = [];
  phone.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await phone.goto(new URL(address!).pathname);
  await expect(phone.getByRole("heading", { level: 1, name: "Ada on the trail" })).toBeVisible();
  await expect(phone.locator("script")).toHaveCount(0);
  expect(scripts).toEqual([]);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
  await expect(phone.getByRole("link", { name: "Instagram" })).toHaveAttribute(
    "href",
    "https://www.instagram.com/ada.maps",
  );
  await expectNoViolations(phone);

  // The link: counted, then on to its page with the page's attribution.
  await phone.getByRole("link", { name: "About me" }).click();
  await expect(phone).toHaveURL(/\/about\?src=bio&via=bio%3A/);
  await phone.goBack();

  // The product: its Buy button opens the checkout carrying the block; the buyer pays with the test card.
  await phone.getByRole("link", { name: "Buy Trail Map" }).click();
  await expect(phone).toHaveURL(/\/s\/[^/]+\/trail-map\/buy\?src=bio&via=bio%3A/);
  await phone.getByLabel("Email").fill(uniqueEmail("hiker"));
  await phone.getByRole("button", { name: /Pay with card/ }).click();
  await expect(phone).toHaveURL(/\/checkout\/test\/tpc_/);
  await fillTestCard(phone, "4242 4242 4242 4242");
  await phone.getByRole("button", { name: /^Pay / }).click();
  await expect(phone.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();

  // The sign-up: a confirmation link by mail; the address joins the seller's subscribers once its owner opens it.
  await phone.goto(new URL(address!).pathname);
  const walker = uniqueEmail("walker");
  await phone.getByRole("textbox", { name: "Email" }).fill(walker);
  await phone.getByRole("checkbox", { name: /I agree to receive emails/ }).check();
  await phone.getByRole("button", { name: "Subscribe" }).click();
  await expect(phone.getByText(/^Check your email to confirm your subscription\./)).toBeVisible();
  await phone.goto(linkIn(await waitForMail(walker, "Confirm your subscription")));
  await phone.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(phone.getByText(/^You're subscribed/)).toBeVisible();
  await waitForMail(walker, "You're subscribed");
  await visitor.close();

  // The editor's figures: the link's click, the product's click, sale and revenue, the subscriber.
  await page.goto("/tools/bio-link");
  const figure = (name: string, which: string) =>
    page.locator(`[aria-label="Figures of ${name}"] [data-figure="${which}"]`);
  await expect(figure("About me", "clicks")).toHaveText("1");
  await expect(figure("Trail Map", "clicks")).toHaveText("1");
  await expect(figure("Trail Map", "orders")).toHaveText("1");
  await expect(figure("Trail Map", "revenue")).toHaveText("$7.00");
  await expect(figure("Field Guide", "clicks")).toHaveText("0");
  await expect(
    page.locator("dt", { hasText: "Email subscribers" }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("1");

  // The analytics page names the source of the buy page's view: detailed analytics, so on a paid plan.
  await putOnPlanDirectly(app, seller.id, "pro");
  await expect
    .poll(
      async () => {
        await page.goto("/analytics");
        return page
          .getByRole("table", { name: "Page views and sales by source" })
          .getByRole("rowheader", { name: "Link in bio" })
          .count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
});
