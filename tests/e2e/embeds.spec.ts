import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { publishProductDirectly } from "./support/commerce";
import { createCreator } from "./support/creator";
import { uniqueEmail } from "./support/mail";
import { expect, test } from "./support/test";

// A seller's own website on a second local origin, with a strict CSP that allows only the app's origin for
// scripts and frames and no inline styles: the pasted buy link and sellkit.js (loaded twice) open the checkout in
// an overlay; the buyer pays with 4242… inside it and the host page hears `sellkit:success`. A forged message from
// the host's own window or another frame is ignored. A website not on the seller's list cannot frame the checkout.

type HostSite = { origin: string; close: () => Promise<void> };

/** A tiny website on its own 127.0.0.1 port serving the snippet page and a frame that forges messages. */
async function startHostSite(appOrigin: string, productUrl: string): Promise<HostSite> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My own website</title></head>
<body><main><h1>My own website</h1>
<p><a href="${productUrl}" data-sellkit-buy>Buy Now</a></p>
<iframe title="Forger" src="/forger.html"></iframe></main>
<script async src="${appOrigin}/js/sellkit.js"></script>
<script async src="${appOrigin}/js/sellkit.js"></script>
</body></html>`;
  const server: Server = createServer((req, res) => {
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'self' ${appOrigin}; frame-src 'self' ${appOrigin}; style-src 'self'`,
    );
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(req.url === "/forger.html" ? "<!doctype html><title>Forger</title><p>forger</p>" : page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Records the Sellkit DOM events the host page receives, in the page (outside its CSP). */
async function recordSellkitEvents(page: Page) {
  await page.evaluate(() => {
    const events: { type: string; orderId?: string }[] = [];
    (window as unknown as { sellkitEvents: typeof events }).sellkitEvents = events;
    for (const type of ["sellkit:success", "sellkit:close"])
      document.addEventListener(type, (event) =>
        events.push({ type, orderId: (event as CustomEvent<{ orderId?: string }>).detail.orderId }),
      );
  });
}

const sellkitEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { sellkitEvents: { type: string; orderId?: string }[] }).sellkitEvents);

test("a buyer pays in the overlay on the seller's website, which hears sellkit:success", async ({ page, app }) => {
  test.setTimeout(120_000);
  const seller = await createCreator(page);
  await page.context().clearCookies();
  const { buyPath } = await publishProductDirectly(app, seller.id, { name: "Trail Map", priceCents: 700 });
  const productUrl = `${app.origin}${buyPath.replace(/\/buy$/, "")}`;
  const site = await startHostSite(app.origin, productUrl);
  const stranger = await startHostSite(app.origin, productUrl);
  try {
    await app.pool.query(
      `insert into sales_methods (user_id, method, settings) values ($1, 'existing_website', $2::jsonb)`,
      [seller.id, JSON.stringify({ websiteUrl: `${site.origin}/`, allowedOrigins: [] })],
    );

    await page.goto(site.origin);
    await recordSellkitEvents(page);
    const buy = page.getByRole("link", { name: "Buy Now" });
    await expect.poll(() => page.evaluate(() => "Sellkit" in window)).toBe(true);

    // Open, then Esc: focus goes in, the page behind stops scrolling, and focus comes back to the link.
    await buy.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Checkout" });
    await expect(dialog).toBeVisible();
    await expect(page.locator("sellkit-checkout")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Close checkout" })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(buy).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");

    // Pay with 4242… inside the overlay.
    await buy.click();
    const checkout = page.frameLocator('iframe[title="Checkout"]');
    const email = uniqueEmail("embed-buyer");
    await checkout.getByLabel("Email").fill(email);
    // Forged messages while the overlay is open: from the host page itself and from another frame.
    const forged = { v: 1, type: "success", orderId: randomUUID() };
    await page.evaluate((message) => window.postMessage(message, "*"), forged);
    await page
      .frameLocator('iframe[title="Forger"]')
      .locator("p")
      .evaluate((_, message) => window.parent.postMessage(message, "*"), forged);
    await checkout.getByRole("button", { name: /Pay with card/ }).click();
    await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
    await checkout.getByLabel("Expiry (MM/YY)").fill("12/40");
    await checkout.getByLabel("CVC").fill("123");
    await checkout.getByLabel("Name on card").fill("Ada Buyer");
    await checkout.getByRole("button", { name: /^Pay / }).click();
    await expect(checkout.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible({ timeout: 20_000 });
    const { rows } = await app.pool.query(`select id from orders where customer_email = $1 and status = 'paid'`, [
      email,
    ]);
    expect(rows).toHaveLength(1);
    await expect
      .poll(() => sellkitEvents(page))
      .toEqual([{ type: "sellkit:close" }, { type: "sellkit:success", orderId: rows[0].id }]);
    await page.getByRole("button", { name: "Close checkout" }).click();
    await expect(dialog).toBeHidden();

    // A website not on the seller's list: the overlay says so, and the plain link still opens the checkout.
    await page.goto(stranger.origin);
    await page.getByRole("link", { name: "Buy Now" }).click();
    await expect(page.getByText("This store hasn't allowed checkout on this website.")).toBeVisible({
      timeout: 20_000,
    });
    const fallback = page.getByRole("link", { name: "Open the checkout in a new tab" });
    await expect(fallback).toHaveAttribute("href", productUrl);
  } finally {
    await site.close();
    await stranger.close();
  }
});

test("without the script, the pasted link simply opens the product page", async ({ page, app }) => {
  const seller = await createCreator(page);
  await page.context().clearCookies();
  const { buyPath } = await publishProductDirectly(app, seller.id);
  await page.goto(`${app.origin}${buyPath.replace(/\/buy$/, "")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Field Guide" })).toBeVisible();
});
