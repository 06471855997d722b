import { randomUUID } from "node:crypto";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { uniqueEmail, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";
import type { WorkerApp } from "./support/worker-app";

// A seller ships a paid order with goods in two parcels from its page: the buyer is mailed each shipment with its
// tracking link and sees them on their order page; the packing slip prints without prices (another seller gets a
// 404); the orders list filters by fulfilment status.

test.use({ timezoneId: "America/New_York" });

const ADDRESS = {
  name: "Grace Hopper",
  line1: "1 Harbour Street",
  line2: "Flat 2",
  city: "Portsmouth",
  region: "",
  postcode: "PO1 1AA",
  country: "GB",
};

/** A paid order as the checkout and the payment leave it, with its lines (kind, name, variant, SKU, quantity). */
async function insertPaidOrder(
  app: WorkerApp,
  userId: string,
  email: string,
  lines: { kind: "physical" | "digital"; name: string; variant?: string; sku?: string; quantity: number }[],
  createdAt: string,
): Promise<{ id: string; lineIds: string[] }> {
  const id = randomUUID();
  const physical = lines.some((line) => line.kind === "physical");
  await app.pool.query(
    `insert into orders (id, user_id, store_name, customer_email, status, subtotal_cents, amount_cents,
       currency, provider, shipping_address, shipping_rate_name, shipping_cents, fulfilment_status, created_at, paid_at)
     values ($1, $2, 'Ada''s Atelier', $3, 'paid', 4000, 4500, 'USD', 'test', $4, $5, $6, $7, $8, $8)`,
    [
      id,
      userId,
      email,
      physical ? JSON.stringify(ADDRESS) : null,
      physical ? "Standard" : null,
      physical ? 500 : 0,
      physical ? "unfulfilled" : "none",
      createdAt,
    ],
  );
  const lineIds: string[] = [];
  for (const [position, line] of lines.entries()) {
    const inserted = await app.pool.query<{ id: string }>(
      `insert into order_lines (order_id, position, kind, product_name, variant_title, sku, unit_price_cents, quantity, subtotal_cents)
       values ($1, $2, $3, $4, $5, $6, 1000, $7, $8) returning id`,
      [id, position, line.kind, line.name, line.variant ?? "", line.sku ?? null, line.quantity, 1000 * line.quantity],
    );
    lineIds.push(inserted.rows[0]!.id);
  }
  return { id, lineIds };
}

test("a seller ships an order in two parcels, prints its packing slip and filters orders by fulfilment", async ({
  page,
  app,
  browser,
}) => {
  test.setTimeout(120_000);
  const creator = await createCreator(page, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  const buyerEmail = uniqueEmail("shipped-buyer");
  const order = await insertPaidOrder(
    app,
    creator.id,
    buyerEmail,
    [
      { kind: "physical", name: "Mug", variant: "M / Blue", sku: "MUG-M-BL", quantity: 3 },
      { kind: "physical", name: "Poster", sku: "POS-A3", quantity: 1 },
    ],
    "2026-04-10T16:30:00Z",
  );
  await insertPaidOrder(
    app,
    creator.id,
    uniqueEmail("waiting"),
    [{ kind: "physical", name: "Tote bag", quantity: 1 }],
    "2026-04-09T10:00:00Z",
  );
  await insertPaidOrder(
    app,
    creator.id,
    uniqueEmail("digital"),
    [{ kind: "digital", name: "Field Guide", quantity: 1 }],
    "2026-04-08T10:00:00Z",
  );

  // The order's page: the fulfilment panel, each line's units left as the default.
  await page.goto(`/orders/${order.id}`);
  const panel = page.getByRole("region", { name: "Fulfilment" });
  await expect(panel.getByText("Unfulfilled", { exact: true })).toBeVisible();
  await expect(panel.locator("address")).toContainText("Grace Hopper");
  await expect(panel.locator("address")).toContainText("United Kingdom");
  const mugUnits = panel.getByLabel("Units of Mug (M / Blue) to ship");
  const posterUnits = panel.getByLabel("Units of Poster to ship");
  await expect(mugUnits).toHaveValue("3");
  await expect(posterUnits).toHaveValue("1");
  await expectNoViolations(page);

  // First parcel: 2 mugs by UPS; no link typed, so UPS's own tracking page is linked.
  await mugUnits.fill("2");
  await posterUnits.fill("0");
  await panel.getByLabel("Carrier").fill("UPS");
  await panel.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await panel.getByRole("button", { name: "Mark as fulfilled" }).click();
  await expect(page.getByText("Shipped 2 units", { exact: true })).toBeVisible();
  await expect(panel.getByText("Partly fulfilled", { exact: true })).toBeVisible();
  const shipments = panel.getByRole("list", { name: "Shipments" });
  await expect(shipments).toContainText("2 × Mug (M / Blue)");
  await expect(shipments.getByRole("link", { name: /Track this shipment/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  await expect(page.getByText("Shipped 2 × Mug (M / Blue) via UPS (1Z999AA10123456784)")).toBeVisible();
  await expect(mugUnits).toHaveValue("1");

  // The buyer's mail: what shipped, the tracking link, the address and what is still to come.
  const first = await waitForMail(buyerEmail, "Part of your order from Ada's Atelier has shipped");
  expect(first.text).toContain("2 × Mug (M / Blue)");
  expect(first.text).toContain("Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784");
  expect(first.text).toContain("Shipping to:\nGrace Hopper\n1 Harbour Street\nFlat 2\nPortsmouth, PO1 1AA");
  expect(first.text).toContain("Still to ship:\n1 × Mug (M / Blue)\n1 × Poster");

  // More units than are left are refused in the browser, before anything is sent.
  await mugUnits.fill("5");
  await expect(panel.getByText("Only 1 unit is left to ship")).toBeVisible();

  // Second parcel: the rest, with the seller's own tracking link.
  await mugUnits.fill("1");
  await panel.getByLabel("Carrier").fill("Parcel Bros");
  await panel.getByLabel("Tracking number").fill("PB-42");
  await panel.getByLabel("Tracking link").fill("https://track.example.com/PB-42");
  await panel.getByRole("button", { name: "Mark as fulfilled" }).click();
  await expect(page.getByText("Shipped 2 units: the order is fulfilled")).toBeVisible();
  await expect(panel.getByText("Fulfilled", { exact: true })).toBeVisible();
  await expect(panel.getByText("Every unit of this order has shipped (or was refunded).")).toBeVisible();
  await expect(shipments.getByRole("listitem")).toHaveCount(2);
  await expectNoViolations(page);

  const second = await waitForMail(buyerEmail, "Your order from Ada's Atelier has shipped");
  expect(second.text).toContain("1 × Mug (M / Blue)\n1 × Poster");
  expect(second.text).toContain("Track your parcel: https://track.example.com/PB-42");
  expect(second.text).not.toContain("Still to ship");

  // The buyer's order page lists both parcels with their tracking links.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(/View your order at (\S+)/.exec(second.text)![1]!);
  const shipping = buyerPage.getByRole("region", { name: "Shipping: Fulfilled" });
  await expect(shipping).toContainText("3 × Mug (M / Blue): 3 shipped");
  await expect(shipping.getByRole("link", { name: "Track this parcel" })).toHaveCount(2);
  await expect(shipping.getByRole("link", { name: "Track this parcel" }).last()).toHaveAttribute(
    "href",
    "https://track.example.com/PB-42",
  );
  await buyer.close();

  // The packing slip: store, order, address and lines without prices; Print opens the browser's print dialog.
  await page.getByRole("link", { name: "Print packing slip" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/packing-slip$`));
  await expect(page.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  await expect(page.getByText("Ada's Atelier", { exact: true })).toBeVisible();
  await expect(page.getByText(order.id.replace(/-/g, "").slice(0, 8).toUpperCase())).toBeVisible();
  await expect(page.locator("address")).toContainText("1 Harbour Street");
  const slipRows = page.getByRole("table").locator("tbody tr");
  await expect(slipRows).toHaveCount(2);
  await expect(slipRows.first()).toContainText("Mug");
  await expect(slipRows.first()).toContainText("M / Blue");
  await expect(slipRows.first()).toContainText("MUG-M-BL");
  await expect(slipRows.first()).toContainText("3");
  await expect(page.locator("main")).not.toContainText("$");
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: "Print" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByText("Shipped 2 units: the order is fulfilled")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expectNoViolations(page);

  // Another seller gets a 404 for this packing slip.
  const otherPage = await browser.newPage();
  await createCreator(otherPage, { storeName: "Bob's Books" });
  const refused = await otherPage.goto(`/orders/${order.id}/packing-slip`);
  expect(refused?.status()).toBe(404);
  await expect(otherPage.getByText("Grace Hopper")).toHaveCount(0);
  await otherPage.close();

  // The orders list: a fulfilment column, and the filter in the address.
  await page.goto("/orders");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Mug" })).toContainText("Fulfilled");
  await expect(rows.filter({ hasText: "Tote bag" })).toContainText("Unfulfilled");
  await page.getByLabel("Fulfilment").selectOption("unfulfilled");
  await expect(page).toHaveURL(/fulfilment=unfulfilled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Tote bag");
  await page.getByLabel("Fulfilment").selectOption("fulfilled");
  await expect(page).toHaveURL(/fulfilment=fulfilled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Mug");
  await page.getByLabel("Fulfilment").selectOption("partial");
  await expect(page.getByText("No orders with this status")).toBeVisible();
  await expectNoViolations(page);
});
