import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRefund } from "~/flows/order-lifecycle/server/record-refund.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { postForm } from "../../support/form-post";
import { insertOrder } from "../../support/order-rows";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";

// The comparison reads per-location sales totals kept by the order verbs: after sales, refunds, a dispute and its
// reversal they agree with the orders themselves, with the event's report and with a rebuild from scratch.

let server: TestServer;
let seller: SignedInCreator;

const headers = () => ({ cookie: seller.jar.header(), "x-forwarded-for": seller.ip });

async function newEvent(name: string, day: string) {
  const saved = await postForm(
    server,
    "/tools/events/new",
    { intent: "save-event", name, type: "flea_markets", startsAt: `${day}T09:00`, endsAt: `${day}T13:00` },
    { jar: seller.jar, ip: seller.ip },
  );
  expect(saved.status).toBe(302);
  const id = saved.headers.get("location")!.split("/").pop()!;
  const row = await server.db.execute<{ location_id: string }>(sql`select location_id from events where id = ${id}`);
  return { id, locationId: row.rows[0]!.location_id };
}

/** The comparison CSV's rows by event name: revenue, net, units and orders as exported. */
async function comparison() {
  const csv = await (await server.request("/tools/events/compare.csv", { headers: headers() })).text();
  const rows = csv.trim().split("\r\n").slice(1);
  return Object.fromEntries(
    rows.map((row) => {
      const cells = row.split(",");
      return [cells[0], { revenue: cells[4], net: cells[5], units: Number(cells[7]), orders: Number(cells[8]) }];
    }),
  );
}

/** What the orders themselves say per location, counted as the analytics count sales. */
async function fromOrders() {
  const result = await server.db.execute<{ location_id: string; orders: number; units: number; revenue: number }>(sql`
    select o.location_id, count(*)::int as orders, sum((select sum(quantity) from order_lines
      where order_id = o.id))::int as units,
      sum(o.amount_cents - o.refunded_cents)::int as revenue
    from orders o where o.user_id = ${seller.id} and o.location_id is not null and o.status in ('paid', 'refunded')
    group by o.location_id order by o.location_id`);
  return result.rows;
}

async function totals() {
  const result = await server.db.execute(
    sql`select location_id, orders, units, revenue_cents::int as revenue_cents, refunded_cents::int as refunded_cents
      from location_sales where seller_id = ${seller.id} order by location_id`,
  );
  return result.rows;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  seller = await createSignedInCreator(server, { businessTypes: ["events"] });
});
afterAll(async () => {
  await server?.stop();
});

describe("event sales totals", () => {
  it("agree with the orders, the report and a rebuild after sales, refunds and a dispute", async () => {
    const spring = await newEvent("Spring Flea", "2030-04-06");
    const summer = await newEvent("Summer Flea", "2030-07-06");
    const services = makeTestServices(server);
    const sell = async (locationId: string, unitPriceCents: number, quantity: number) => {
      const order = await insertOrder(server.db, {
        userId: seller.id,
        status: "pending",
        locationId,
        lines: [{ kind: "digital", productName: "Print", unitPriceCents, quantity }],
      });
      expect(await transitionOrder(services, order.id, { to: "paid", cause: "test" })).not.toBeNull();
      return order.id;
    };
    const a = await sell(spring.locationId, 1000, 2);
    const b = await sell(spring.locationId, 500, 1);
    const c = await sell(spring.locationId, 700, 3);
    await sell(summer.locationId, 4000, 1);
    // Not sold at an event, and a checkout never paid: neither counts.
    await insertOrder(server.db, { userId: seller.id, status: "paid", amountCents: 9900 });
    await insertOrder(server.db, {
      userId: seller.id,
      status: "pending",
      locationId: spring.locationId,
      amountCents: 1,
    });

    await recordRefund(services, a, 600, "test");
    await recordRefund(services, b, 500, "test");
    // A disputed sale stops counting; won back, it counts again exactly once.
    await transitionOrder(services, c, { to: "disputed", cause: "test" });
    expect((await comparison())["Spring Flea"]).toEqual({ revenue: "25.00", net: "14.00", units: 3, orders: 2 });
    await transitionOrder(services, c, { to: "paid", cause: "test" });
    // A repeated refund report changes nothing.
    await recordRefund(services, a, 600, "test");

    const compared = await comparison();
    // Spring: 20.00 + 5.00 + 21.00 sold, 6.00 + 5.00 refunded.
    expect(compared["Spring Flea"]).toEqual({ revenue: "46.00", net: "35.00", units: 6, orders: 3 });
    expect(compared["Summer Flea"]).toEqual({ revenue: "40.00", net: "40.00", units: 1, orders: 1 });

    const kept = await totals();
    expect(
      kept.map((row) => ({
        location_id: row.location_id,
        orders: row.orders,
        units: row.units,
        revenue: Number(row.revenue_cents) - Number(row.refunded_cents),
      })),
    ).toEqual(await fromOrders());
    const page = await (await server.request(`/tools/events/${spring.id}`, { headers: headers() })).text();
    expect(page).toMatch(/Revenue<\/dt><dd[^>]*>\$46\.00/);
    expect(page).toMatch(/Refunds<\/dt><dd[^>]*>\$11\.00/);
    expect(page).toMatch(/Units sold<\/dt><dd[^>]*>6</);

    await server.db.execute(sql`select location_sales_rebuild()`);
    expect(await totals()).toEqual(kept);
  });
});
