import { expectNoViolations } from "./support/axe";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { inbox, uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// A seller plans a TikTok post with a tracking link, gets its reminder mail when the time comes, a buyer visits
// through the link and buys; the click, the sale and the revenue show the same on the post, per platform and on the
// analytics page.

test("a planned post's link brings a sale that shows on the post, its platform and the analytics", async ({
  page,
  browser,
  app,
}) => {
  test.setTimeout(180_000);
  const seller = await createCreator(page, { businessTypes: ["social_media"] });
  await publishProductDirectly(app, seller.id, { name: "Field Guide", slug: "field-guide", priceCents: 1500 });
  await app.pool.query(`insert into sales_methods (user_id, method, settings) values ($1, 'social_media', $2::jsonb)`, [
    seller.id,
    JSON.stringify({ businessName: "Ada", platforms: ["tiktok", "twitter"], contentTypes: ["tutorials"] }),
  ]);

  await page.goto("/dashboard");
  await page.getByRole("link", { name: /Connect social accounts/ }).click();
  await expect(page).toHaveURL(/\/tools\/social$/);
  await page.getByRole("link", { name: "Plan a post", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Plan a post" })).toBeVisible();
  await page.getByLabel("Platform", { exact: true }).selectOption("tiktok");
  await expect(page.getByText(/Media for TikTok:/)).toBeVisible();
  await page.getByLabel("Text", { exact: true }).fill("How I fold a map in 10 seconds 🗺️");
  await expect(page.getByText("32 / 4,000 characters")).toBeVisible();
  await page.getByLabel("Field Guide").check();
  await expect(page.getByLabel("Link opens")).toHaveValue("product");
  await page.getByLabel("Status", { exact: true }).selectOption("scheduled");
  await page.getByLabel("Post on").fill("2099-06-01T10:00");
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Plan post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "TikTok post: Tutorials" })).toBeVisible();
  const link = await page.getByLabel("Tracking link").inputValue();
  expect(link).toMatch(/\/t\/[a-z0-9]{8}$/);
  await expect(page.getByText("Opens: A promoted product.")).toBeVisible();
  const postId = page.url().split("/").pop()!;
  await expectNoViolations(page);

  // The time comes: the reminder job mails the seller once.
  await app.pool.query(`update social_posts set scheduled_at = now() - interval '1 second' where id = $1`, [postId]);
  let reminder: { text: string } | undefined;
  await expect
    .poll(
      async () => {
        reminder = (await inbox()).find((m) => m.to.includes(seller.email) && m.subject === "Time to post on TikTok");
        return Boolean(reminder);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  expect(reminder!.text).toContain("How I fold a map in 10 seconds");
  expect(reminder!.text).toContain(link);
  expect(reminder!.text).toContain("TikTok has no web page to start a post");

  // A buyer follows the link and buys.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(link);
  await expect(buyerPage).toHaveURL(/\/s\/[^/]+\/field-guide\?src=tiktok&via=post%3A[a-z0-9]{8}/);
  const buyHref = (await buyerPage.getByRole("link", { name: "Buy now" }).getAttribute("href"))!;
  await buyWithTestCard(buyerPage, buyHref, uniqueEmail("fan"));
  await buyer.close();

  // The post's figures.
  const figure = (term: string) =>
    page.locator('dl[aria-label="Post figures"] > div').filter({ hasText: term }).locator("dd");
  await expect
    .poll(
      async () => {
        await page.reload();
        return Promise.all(["Clicks", "Orders", "Views"].map((term) => figure(term).textContent()));
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toEqual(["1", "1", "2"]);
  await expect(figure("Revenue")).toHaveText("$15.00");
  const expected = ["1", "1", "2", "1", "1", "$15.00"];

  // The same figures per platform on the planner and on the analytics page.
  const tiktokRow = () =>
    page
      .getByRole("table", { name: "Social posts by platform" })
      .getByRole("row", { name: /TikTok/ })
      .getByRole("cell");
  // The reminder test moved the post to now: it is on today's square of the month.
  await page.goto("/tools/social?view=month");
  expect(await tiktokRow().allTextContents()).toEqual(expected);
  await expect(page.getByRole("link", { name: /TikTok · Scheduled/ })).toBeVisible();
  await expectNoViolations(page);
  await page.goto("/analytics");
  expect(await tiktokRow().allTextContents()).toEqual(expected);
});

test("a post moves to another day by dragging it or from the keyboard", async ({ page, app }) => {
  test.setTimeout(90_000);
  const seller = await createCreator(page, { businessTypes: ["social_media"] });
  await app.pool.query(`insert into sales_methods (user_id, method, settings) values ($1, 'social_media', $2::jsonb)`, [
    seller.id,
    JSON.stringify({ businessName: "Ada", platforms: ["tiktok"], contentTypes: [] }),
  ]);
  const { rows } = await app.pool.query(
    `insert into social_posts (user_id, code, platform, content_type, status, scheduled_at, time_zone)
     values ($1, substr(md5(random()::text), 1, 8), 'tiktok', 'tutorials', 'scheduled', '2099-06-10T12:00Z', 'UTC')
     returning id`,
    [seller.id],
  );
  const postId = (rows[0] as { id: string }).id;
  await page.goto("/tools/social?view=month&day=2099-06-01");
  const cell = (day: string) => page.locator(`li[data-day="${day}"]`);
  const chip = (day: string) => cell(day).getByRole("link", { name: /TikTok · Scheduled/ });
  await expect(chip("2099-06-10")).toBeVisible();

  await chip("2099-06-10").dragTo(cell("2099-06-12"));
  await expect(chip("2099-06-12")).toBeVisible();

  await chip("2099-06-12").focus();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(chip("2099-06-13")).toBeVisible();
  await chip("2099-06-13").focus();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(chip("2099-06-20")).toBeVisible();
  const { rows: moved } = await app.pool.query(`select scheduled_at from social_posts where id = $1`, [postId]);
  expect((moved[0] as { scheduled_at: Date }).scheduled_at.toISOString()).toBe("2099-06-20T12:00:00.000Z");
});
