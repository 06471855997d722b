import type { Locator, Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { createCreator } from "./support/creator";
import { expect, test } from "./support/test";

// The Event Sales Manager's "done when", in a real browser: a seller creates a weekly market from the types of their
// Event Sales setup, brings jam to it, sells there on the Mobile POS (cash, then a card on the simulated reader),
// closes the shift, returns the leftovers, and reads the event's report and the comparison: the same figures as the
// orders, the stock ledger and the analytics page.

test.use({ timezoneId: "UTC" });

/** The value of a `<dt>label</dt><dd>value</dd>` figure. */
const figure = (scope: Page | Locator, label: string) =>
  scope.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

test("a weekly market: bring stock, sell by cash and card, close, return, and every figure agrees", async ({
  page,
  app,
}) => {
  test.setTimeout(240_000);
  const creator = await createCreator(page, { storeName: "Jam Stall", businessTypes: ["events"] });
  const sql = async (text: string, values: unknown[] = []) => (await app.pool.query(text, values)).rows;
  await sql(`update profiles set time_zone = 'UTC' where user_id = $1`, [creator.id]);
  await sql(`insert into sales_methods (user_id, method, settings) values ($1, 'events', $2::jsonb)`, [
    creator.id,
    JSON.stringify({
      businessName: "Jam Stall",
      description: "Jams at markets",
      eventTypes: ["farmers_markets", "craft_fairs"],
      setupRequirements: "Table, Tent",
      paymentMethods: ["cash", "card_reader"],
    }),
  ]);
  const [jam] = await sql(
    `insert into products (user_id, name, type, price_cents, currency, status) values ($1, 'Jam', 'physical', 800, 'USD', 'published') returning id`,
    [creator.id],
  );
  const [variant] = await sql(
    `insert into product_variants (product_id, user_id, sku) values ($1, $2, 'JAM') returning id`,
    [jam.id, creator.id],
  );
  const [online] = await sql(
    `insert into stock_locations (user_id, kind, name, position) values ($1, 'online', 'Online', 0) returning id`,
    [creator.id],
  );
  await sql(
    `with m as (insert into stock_movements (user_id, variant_id, location_id, kind, quantity) values ($1, $2, $3, 'received', 20))
     insert into stock_levels (variant_id, location_id, user_id, on_hand) values ($2, $3, $1, 20)`,
    [creator.id, variant.id, online.id],
  );

  // A weekly market from the setup's types, today all day: it started already, so it needs the confirmation.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto("/tools/events/new");
  // The setup's types come first.
  await expect(page.getByLabel("Type of event").locator("option").nth(1)).toHaveText("Farmers Markets");
  await expect(page.getByLabel("Type of event").locator("option").nth(2)).toHaveText("Craft Fairs");
  await page.getByLabel("Event name").fill("Saturday Market");
  await page.getByLabel("Type of event").selectOption("farmers_markets");
  await page.getByLabel("Starts", { exact: true }).fill(`${today}T00:00`);
  await page.getByLabel("Ends", { exact: true }).fill(`${today}T23:59`);
  await page.getByLabel("Booth fee (USD)").fill("5");
  await page.getByLabel("Repeats").selectOption("weekly");
  await page.getByLabel("More times").fill("3");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(
    page.getByText("This event starts in the past. Tick the box to confirm you want to record it."),
  ).toBeVisible();
  await page.getByLabel("It starts in the past: record it anyway").check();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByText("4 events created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Saturday Market" })).toBeVisible();
  const eventUrl = page.url();
  // The checklist started from the setup's requirements.
  await expect(page.getByRole("checkbox", { name: "Table" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Tent" })).toBeVisible();

  // The month calendar by keyboard: a week down is the next market (in the next month if need be), Enter opens it.
  await page.goto("/tools/events");
  await expectNoViolations(page);
  await page.locator(`[data-day="${today}"]`).focus();
  await page.keyboard.press("ArrowDown");
  const nextWeek = new Date(Date.parse(`${today}T00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.locator(`[data-day="${nextWeek}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Saturday Market" }).and(page.locator(":focus"))).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Saturday Market" })).toBeVisible();
  expect(page.url()).not.toBe(eventUrl);
  await page.goto(eventUrl);

  // Bring 10 jars from Online; 30 would be more than is there.
  await page.getByLabel("Units").fill("30");
  await page.getByRole("button", { name: "Bring stock" }).click();
  await expect(page.getByText("Only 20 available at Online").first()).toBeVisible();
  await page.getByLabel("Units").fill("10");
  await page.getByRole("button", { name: "Bring stock" }).click();
  await expect(page.getByText("Stock transferred")).toBeVisible();

  // Sell at it on a phone: the event's stall, only the setup's methods (cash and card).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Sell at this event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mobile POS: Saturday Market" })).toBeVisible();
  await page.getByLabel("Opening float").fill("50");
  await page.getByRole("button", { name: "Open shift" }).click();
  await expect(page.getByText("Shift opened")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Mobile POS: Saturday Market" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Jam \$/ })).toContainText("10 in stock");
  await expectNoViolations(page);

  // Cash: two jars, $20 tendered.
  await page.getByRole("button", { name: /^Jam \$/ }).click();
  await page.getByRole("button", { name: /^Jam \$/ }).click();
  await expect(page.getByLabel("Quantity of Jam")).toHaveValue("2");
  await page.getByRole("button", { name: /^Charge / }).click();
  await expect(page.getByLabel("Pay on phone")).toHaveCount(0);
  await page.getByLabel("Cash tendered").fill("20");
  await page.getByRole("button", { name: "Complete sale" }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
  await expect(page.getByText("Change: $4.00")).toBeVisible();
  await page.getByRole("button", { name: "New sale" }).click();

  // Card on the simulated reader: one jar.
  await page.getByRole("button", { name: /^Jam \$/ }).click();
  await page.getByRole("button", { name: /^Charge / }).click();
  await page.getByLabel("Card", { exact: true }).check();
  await page.getByRole("button", { name: "Charge card" }).click();
  await expect(page.getByRole("status")).toHaveText("Waiting for card");
  await page.getByRole("button", { name: /4242 4242 4242 4242/ }).click();
  await expect(page.getByRole("heading", { name: "Sale complete" })).toBeVisible();
  const orders = async () =>
    (
      await sql(
        `select count(*)::int as orders, coalesce(sum(o.amount_cents), 0)::int as revenue,
           (select sum(l.quantity)::int from order_lines l join orders lo on lo.id = l.order_id
             where lo.location_id = e.location_id and lo.status = 'paid') as units
         from events e left join orders o on o.location_id = e.location_id and o.status = 'paid'
         where e.user_id = $1 and e.name = 'Saturday Market' and e.starts_at = (select min(starts_at) from events where user_id = $1)
         group by e.location_id`,
        [creator.id],
      )
    )[0];
  await expect.poll(orders).toEqual({ orders: 2, revenue: 2400, units: 3 });

  // Close the shift: $50 float + $16 cash expected, $65 counted.
  await page.getByRole("button", { name: "New sale" }).click();
  await page.reload();
  await page.getByLabel("Counted cash").fill("65");
  await page.getByRole("button", { name: "Close shift" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Z-report" })).toBeVisible();

  // Return the leftovers in one action.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(eventUrl);
  await page.getByRole("button", { name: "Return leftovers" }).click();
  await expect(page.getByText("7 units returned")).toBeVisible();
  const stockRow = page.getByRole("table", { name: "Brought, sold, returned and left per item" }).getByRole("row", {
    name: /Jam/,
  });
  await expect(stockRow.getByRole("cell")).toHaveText(["Jam", "10", "3", "7", "0"]);
  const levels = await sql(
    `select l.on_hand from stock_levels l where l.variant_id = $1 order by l.location_id = $2 desc`,
    [variant.id, online.id],
  );
  expect(levels.map((row) => row.on_hand)).toEqual([17, 0]);

  // The report: what the orders say, the booth fee, the cash count.
  const report = page.locator("#report");
  await expect(figure(report, "Revenue")).toHaveText("$24.00");
  await expect(figure(report, "Orders")).toHaveText("2");
  await expect(figure(report, "Units sold")).toHaveText("3");
  await expect(figure(report, "Average sale")).toHaveText("$12.00");
  await expect(figure(report, "Costs")).toHaveText("$5.00");
  await expect(figure(report, "Net")).toHaveText("$19.00");
  await expect(figure(report, "Cash over or short")).toHaveText("-$1.00");
  const methods = page.getByRole("table", { name: "By payment method" });
  await expect(methods.getByRole("row", { name: /Cash/ })).toContainText("$16.00");
  await expect(methods.getByRole("row", { name: /Card/ })).toContainText("$8.00");
  await expect(page.getByRole("table", { name: "Best sellers" }).getByRole("row", { name: /Jam/ })).toContainText("3");
  await expect(page.getByRole("figure", { name: "Sales by hour" })).toBeVisible();
  await expectNoViolations(page);

  // The comparison: this market against its three coming repeats.
  await page.goto("/tools/events/compare?sort=revenue&dir=desc");
  const first = page.getByRole("row").nth(1);
  await expect(first).toContainText("Saturday Market");
  await expect(first).toContainText("$24.00");
  await expect(first).toContainText("$19.00");
  await expect(page.getByRole("row", { name: /Saturday Market/ })).toHaveCount(4);

  // The analytics page counts the same two sales today.
  await page.goto(`/analytics?from=${today}&to=${today}`);
  await expect(page.locator('dd[data-figure="orders"]')).toHaveText("2");
  await expect(page.locator('dd[data-figure="revenue"]')).toHaveText("$24.00");
});
