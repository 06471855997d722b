import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { expectNoViolations } from "./support/axe";
import { inbox, linkIn, uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

// In a real browser: a buyer pays with the test provider's card through the UI and gets the receipt; the
// creator's order page shows the timeline (created, paid, receipt sent) and "Resend receipt" mails the receipt again,
// with a working link, a toast and a new timeline entry.

test("a creator sees an order's timeline and sends its receipt again", async ({ page, app, browser }) => {
  test.setTimeout(90_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier" });
  const { buyPath } = await publishProductDirectly(app, creator.id, {
    name: "Field Guide",
    slug: "field-guide-timeline",
  });
  const buyerEmail = uniqueEmail("timeline-buyer");
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const { orderId } = await buyWithTestCard(buyer, buyPath, buyerEmail);
  await waitForMail(buyerEmail, "Your receipt from");

  await page.goto(`/orders/${orderId}`);
  const timeline = page.getByRole("list", { name: "Timeline of this order" });
  await expect(timeline.getByText("Order created")).toBeVisible();
  await expect(timeline.getByText("Paid $12.50")).toBeVisible();
  await expect(timeline.getByText("Receipt sent", { exact: true })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole("button", { name: "Resend receipt" }).click();
  await expect(page.getByText(`Receipt sent again to ${buyerEmail}`)).toBeVisible();
  await expect(timeline.getByText("Receipt sent again")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await inbox()).filter((m) => m.to.includes(buyerEmail) && m.subject.startsWith("Your receipt from")).length,
    )
    .toBe(2);
  const again = await waitForMail(buyerEmail, "Your receipt from");
  await buyer.goto(linkIn(again));
  await expect(buyer.getByText("guide.pdf")).toBeVisible();
  await buyerContext.close();

  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );
});
