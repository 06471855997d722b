import type { Page } from "@playwright/test";
import { buyWithTestCard, publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// Every page's element ids are unique. A label's `for`, a control's `form` and the `aria-*` references all find the
// FIRST element with an id: a section sharing its id with the form inside it made Settings → Time zone submit
// nothing (its select belonged to no form), and axe does not check plain duplicates any more.

/**
 * The ids that more than one element of the page carries, once the page has settled: hydrated, and every streamed
 * part in its place. A deferred part (the dashboard's workspace) arrives as a hidden segment (`<div hidden id="S:…">`)
 * that React moves into its boundary; until then the client may already have rendered the same part from the
 * loader's data, so the hidden copy and the shown one coexist for a moment (seen once in CI).
 */
async function duplicateIds(page: Page): Promise<string[]> {
  await page.waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]'), undefined, { timeout: 10_000 });
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll("[id]")) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });
}

const PUBLIC_PAGES = [
  "/",
  "/features",
  "/pricing",
  "/auth",
  "/signup",
  "/login",
  "/forgot-password",
  "/contact",
  "/purchases",
];
const CREATOR_PAGES = [
  "/",
  "/dashboard",
  "/settings",
  "/security-settings",
  "/sales/online-store",
  "/tools/products",
  "/tools/products/new",
  "/tools/products/discounts",
  "/tools/shipping",
  "/tools/estore-builder",
  "/orders",
  "/customers",
  "/analytics",
  "/payments",
  "/payouts",
];

test("no page carries one id twice, signed out and signed in with a product and a sale", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const path of PUBLIC_PAGES) {
    await visitorPage.goto(path);
    expect(await duplicateIds(visitorPage), path).toEqual([]);
  }

  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const { productId, buyPath } = await publishProductDirectly(app, creator.id, {
    name: "Field Guide",
    priceCents: 1250,
  });
  const buyerEmail = uniqueEmail("buyer");
  const { orderId, downloadUrl } = await buyWithTestCard(visitorPage, buyPath, buyerEmail);
  for (const path of [buyPath, buyPath.replace(/\/buy$/, ""), downloadUrl]) {
    await visitorPage.goto(path);
    expect(await duplicateIds(visitorPage), path).toEqual([]);
  }
  await visitor.close();

  for (const path of [
    ...CREATOR_PAGES,
    `/tools/products/${productId}`,
    `/tools/products/${productId}/files`,
    `/orders/${orderId}`,
    `/customers/${encodeURIComponent(buyerEmail)}`,
  ]) {
    await page.goto(path);
    expect(await duplicateIds(page), path).toEqual([]);
  }
});
