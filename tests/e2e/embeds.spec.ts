import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { publishProductDirectly } from "./support/commerce";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { putOnPlanDirectly } from "./support/plan";
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

/** A seller's website on its own port whose page is the code pasted into it, under a strict CSP. */
async function startPastedSite(appOrigin: string) {
  let body = "";
  const server: Server = createServer((req, res) => {
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'self' ${appOrigin}; frame-src 'self' ${appOrigin}; connect-src 'self' ${appOrigin}; img-src 'self' ${appOrigin}; style-src 'self'`,
    );
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted ${req.url}</title></head><body><main><h1>My shop</h1>${body}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Named localhost, not 127.0.0.1 like the app: another site, as a seller's website is.
    origin: `http://localhost:${port}`,
    paste: (code: string) => {
      body += `\n${code}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pays inside the overlay's checkout with the test provider's card 4242… and waits for the thank-you page. */
async function payInOverlay(page: Page) {
  const checkout = page.frameLocator('iframe[title="Checkout"]');
  await checkout.getByRole("button", { name: /Pay with card/ }).click();
  await checkout.getByLabel("Card number").fill("4242 4242 4242 4242");
  await checkout.getByLabel("Expiry (MM/YY)").fill("12/40");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByLabel("Name on card").fill("Ada Buyer");
  await checkout.getByRole("button", { name: /^Pay / }).click();
  await expect(checkout.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible({ timeout: 30_000 });
}

test("the generated code pasted on another website sells one product in the overlay and three through the cart", async ({
  page,
  app,
}) => {
  test.setTimeout(300_000);
  const seller = await createCreator(page, { businessTypes: ["existing_website"] });
  await publishProductDirectly(app, seller.id, { name: "Trail Map", slug: "trail-map", priceCents: 700 });
  await publishProductDirectly(app, seller.id, { name: "Field Guide", slug: "field-guide", priceCents: 1250 });
  await publishProductDirectly(app, seller.id, { name: "Sketch Pack", slug: "sketch-pack", priceCents: 300 });
  // A mug sold on backorder, shipped to France at a flat rate (the catalog's forms are other journeys').
  const mugId = randomUUID();
  await app.pool.query(
    `insert into products (id, user_id, name, slug, type, pricing, price_cents, currency, status, published_at, allow_backorder)
     values ($1, $2, 'Mug', 'mug', 'physical', 'fixed', 1200, 'USD', 'published', now(), true)`,
    [mugId, seller.id],
  );
  await app.pool.query(
    `insert into product_variants (product_id, user_id, title, option_values, sku, position) values ($1, $2, '', '[]', 'MUG-1', 0)`,
    [mugId, seller.id],
  );
  const zone = await app.pool.query(
    `insert into shipping_zones (user_id, name, countries) values ($1, 'France', '{FR}') returning id`,
    [seller.id],
  );
  await app.pool.query(
    `insert into shipping_rates (zone_id, user_id, name, kind, price_cents, bands, position) values ($1, $2, 'Colissimo', 'flat', 500, '[]', 0)`,
    [zone.rows[0].id, seller.id],
  );
  const site = await startPastedSite(app.origin);
  try {
    // The seller allows their website, then takes the button's code and the cart's from the tools.
    await page.goto("/tools/integration");
    await page.getByLabel("Websites that may show your checkout").fill(`${site.origin}/shop`);
    await page.getByRole("button", { name: "Save allowed websites" }).click();
    await expect(page.getByText(`“${site.origin}/shop” is not a website address`)).toBeVisible();
    await page.getByLabel("Websites that may show your checkout").fill(site.origin);
    await page.getByRole("button", { name: "Save allowed websites" }).click();
    await expect(page.getByText("Allowed websites saved")).toBeVisible();
    const cartCode = await page.getByTestId("cart-snippet").textContent();
    expect(cartCode).toContain("data-sellkit-cart");

    await page.goto("/tools/buy-button");
    await expect(page.getByRole("heading", { level: 1, name: "Buy Button Generator" })).toBeVisible();
    await expect(page.getByLabel("Button text")).toHaveValue("Buy Now");
    await page.getByLabel("Button style").selectOption("custom");
    await page.getByLabel("Text colour").fill("#8b5cf6");
    await expect(page.getByText(/^Low contrast/)).toBeVisible();
    await page.getByLabel("Button style").selectOption("primary");
    await page.getByLabel("Website platform").selectOption("wordpress");
    await expect(page.getByText("Add it on WordPress: use the Custom HTML block")).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="Preview of your button"]').getByRole("link", { name: "Buy Now" }),
    ).toBeVisible();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.origin });
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const buttonCode = await page.evaluate(() => navigator.clipboard.readText());
    expect(buttonCode).toBe(await page.getByTestId("buy-button-snippet").textContent());
    expect(buttonCode).toContain("/s/");
    await expectNoViolations(page);

    const sellerCookies = await page.context().cookies();
    await page.context().clearCookies();
    site.paste(buttonCode);
    site.paste(cartCode!);

    // One product through the overlay.
    await page.goto(site.origin);
    await recordSellkitEvents(page);
    await expect(page.locator("sellkit-checkout, script[src$='sellkit-shop.js']")).toHaveCount(1);
    await page.locator("a.sellkit-buy-button").click();
    const checkout = page.frameLocator('iframe[title="Checkout"]');
    await checkout.getByLabel("Email").fill("overlay-buyer@example.com");
    await payInOverlay(page);
    await page.getByRole("button", { name: "Close checkout" }).click();

    // Three through the cart, which outlives a move to another page of the website.
    await page.getByRole("link", { name: "Add Field Guide to cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await expect(drawer.getByText("Field Guide added to your cart.")).toBeVisible();
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await page.getByRole("link", { name: "Add Sketch Pack to cart" }).click();
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await page.getByRole("link", { name: "Add Mug to cart" }).click();
    await drawer.getByRole("button", { name: "One more Mug" }).click();
    await expect(drawer.getByText("Quantity 2")).toBeVisible();
    await page.goto(`${site.origin}/another-page`);
    await recordSellkitEvents(page);
    await expect(page.getByRole("button", { name: "Cart (4)" })).toBeVisible();
    await page.getByRole("button", { name: "Cart (4)" }).click();
    await expect(drawer.getByText("$39.50")).toBeVisible();
    await drawer.getByRole("link", { name: "Checkout" }).click();
    await expect(checkout.getByText("Mug × 2")).toBeVisible();
    await checkout.getByLabel("Email").fill("cart-buyer@example.com");
    await checkout.getByLabel("Full name").fill("Ada Buyer");
    await checkout.getByLabel("Country").selectOption("FR");
    await checkout.getByLabel("Address", { exact: true }).fill("1 rue de Rivoli");
    await checkout.getByLabel("City").fill("Paris");
    await checkout.getByLabel("Postcode").fill("75001");
    await checkout.getByRole("button", { name: "Show shipping options" }).click();
    await expect(checkout.getByText("Shipping (Colissimo)")).toBeVisible();
    await payInOverlay(page);
    const orders = await app.pool.query(
      `select o.id, o.customer_email, o.source, (select count(*)::int from order_lines l where l.order_id = o.id) as lines
       from orders o where o.user_id = $1 and o.status = 'paid' order by o.created_at`,
      [seller.id],
    );
    expect(orders.rows).toEqual([
      expect.objectContaining({ customer_email: "overlay-buyer@example.com", source: "embed:localhost", lines: 1 }),
      expect.objectContaining({ customer_email: "cart-buyer@example.com", source: "embed:localhost", lines: 3 }),
    ]);
    await expect.poll(() => sellkitEvents(page)).toEqual([{ type: "sellkit:success", orderId: orders.rows[1].id }]);
    await page.getByRole("button", { name: "Close checkout" }).click();
    await expect(page.getByRole("button", { name: "Cart (0)" })).toBeVisible();

    // A product archived while it waits in a cart is taken out with a note.
    await page.getByRole("link", { name: "Add Sketch Pack to cart" }).click();
    await app.pool.query(`update products set status = 'archived' where user_id = $1 and slug = 'sketch-pack'`, [
      seller.id,
    ]);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.reload();
    await page.getByRole("button", { name: "Cart (0)" }).click();
    await expect(drawer.getByText("Sketch Pack is no longer for sale and was removed from your cart.")).toBeVisible();

    // A product taken off sale: its pasted button says so and opens nothing.
    await app.pool.query(`update products set status = 'draft' where user_id = $1 and slug = 'trail-map'`, [seller.id]);
    await cdp.send("Network.clearBrowserCache");
    await page.reload();
    await expect(page.locator("a.sellkit-buy-button")).toHaveText("Unavailable");
    await page.locator("a.sellkit-buy-button").click({ force: true });
    await expect(page.getByRole("dialog", { name: "Checkout" })).toBeHidden();
    await expect(page).toHaveURL(`${site.origin}/another-page`);

    // The seller finds both sales under the website's source, in analytics (detailed: a paid plan) and on the order.
    await putOnPlanDirectly(app, seller.id, "pro");
    await page.context().addCookies(sellerCookies);
    await page.goto("/analytics");
    const row = page.getByRole("row", { name: /^localhost \(embedded checkout\)/ });
    await expect(row.getByRole("cell").nth(4)).toHaveText("2");
    await page.goto(`/orders/${orders.rows[1].id}`);
    await expect(page.getByText("localhost (embedded checkout)")).toBeVisible();
  } finally {
    await site.close();
  }
});
