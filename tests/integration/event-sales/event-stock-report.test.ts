import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordRefund } from "~/flows/order-lifecycle/server/record-refund.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { type FormFields, postForm, toastOf } from "../../support/form-post";
import { insertOrder } from "../../support/order-rows";
import { createPhysicalProduct, type PhysicalProduct, stockLevel } from "../../support/physical-goods";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";

// Stock brought to an event, what sold there and what went back, and the event's report: revenue, units, payment
// methods, refunds, costs and net, from the orders, payments and ledger at the event's location.

let server: TestServer;
let seller: SignedInCreator;
let product: PhysicalProduct;
let eventId: string;
let eventLocation: string;

function post(path: string, fields: FormFields) {
  return postForm(server, path, fields, { jar: seller.jar, ip: seller.ip });
}

async function eventPage() {
  const response = await server.request(`/tools/events/${eventId}`, {
    headers: { cookie: seller.jar.header(), "x-forwarded-for": seller.ip },
  });
  return response.text();
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  seller = await createSignedInCreator(server, { businessTypes: ["events"] });
  product = await createPhysicalProduct(server.db, seller.id, { name: "Honey jar", variants: [{ stock: 20 }] });
  const saved = await post("/tools/events/new", {
    intent: "save-event",
    name: "Harvest Fair",
    type: "craft_fairs",
    startsAt: "2030-09-07T09:00",
    endsAt: "2030-09-07T17:00",
    boothFee: "20",
    otherCosts: "5",
  });
  expect(saved.status).toBe(302);
  eventId = saved.headers.get("location")!.split("/").pop()!;
  const row = await server.db.execute<{ location_id: string }>(
    sql`select location_id from events where id = ${eventId}`,
  );
  eventLocation = row.rows[0]!.location_id;
});
afterAll(async () => {
  await server?.stop();
});

describe("stock and report of an event", () => {
  it("brings stock from Online, refusing more than is there", async () => {
    const variantId = product.variantIds[0]!;
    const brought = await post(`/tools/events/${eventId}`, {
      intent: "transfer",
      variantId,
      fromLocationId: product.onlineId,
      toLocationId: eventLocation,
      quantity: "10",
    });
    expect(brought.status).toBe(302);
    expect(toastOf(brought)?.title).toBe("Stock transferred");
    expect((await stockLevel(server.db, variantId, eventLocation)).on_hand).toBe(10);
    const tooMany = await post(`/tools/events/${eventId}`, {
      intent: "transfer",
      variantId,
      fromLocationId: product.onlineId,
      toLocationId: eventLocation,
      quantity: "50",
    });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.text()).toContain("Only 10 available at Online");
  });

  it("reports what the event earned and returns the leftovers in one action", async () => {
    const variantId = product.variantIds[0]!;
    const order = await insertOrder(server.db, {
      userId: seller.id,
      status: "pending",
      locationId: eventLocation,
      lines: [{ kind: "physical", productName: "Honey jar", variantId, unitPriceCents: 1500, quantity: 3 }],
    });
    const services = makeTestServices(server);
    // Paying the order takes its units from the event's stock.
    await transitionOrder(services, order.id, { to: "paid", cause: "test" });
    await server.db.execute(sql`insert into order_payments (order_id, method, amount_cents) values
      (${order.id}, 'cash', 3000), (${order.id}, 'card', 1500)`);
    await recordRefund(services, order.id, 1500, "test");
    // An order elsewhere is not the event's.
    await insertOrder(server.db, { userId: seller.id, status: "paid", amountCents: 9900 });

    const page = await eventPage();
    expect(page).toMatch(/Revenue<\/dt><dd[^>]*>\$45\.00/);
    expect(page).toMatch(/Units sold<\/dt><dd[^>]*>3</);
    expect(page).toMatch(/Refunds<\/dt><dd[^>]*>\$15\.00/);
    expect(page).toMatch(/Costs<\/dt><dd[^>]*>\$25\.00/);
    expect(page).toMatch(/Net<\/dt><dd[^>]*>\$5\.00/);
    expect(page).toContain("$30.00");

    const returned = await post(`/tools/events/${eventId}`, {
      intent: "return-leftovers",
      toLocationId: product.onlineId,
    });
    expect(returned.status).toBe(302);
    expect(toastOf(returned)?.title).toBe("7 units returned");
    expect((await stockLevel(server.db, variantId, eventLocation)).on_hand).toBe(0);
    expect((await stockLevel(server.db, variantId, product.onlineId)).on_hand).toBe(17);
    const after = await eventPage();
    expect(after).toMatch(/Honey jar<\/td><td[^>]*>10<\/td><td[^>]*>3<\/td><td[^>]*>7<\/td><td[^>]*>0<\/td>/);

    const deleted = await post(`/tools/events/${eventId}`, { intent: "delete" });
    expect(deleted.status).toBe(409);
  });
});

describe("selling at an event", () => {
  it("opens the mobile POS on a register at the event's location, made once", async () => {
    const first = await post(`/tools/events/${eventId}`, { intent: "sell-here" });
    expect(first.status).toBe(302);
    const registers = await server.db.execute<{ id: string }>(
      sql`select id from registers where location_id = ${eventLocation}`,
    );
    expect(registers.rows).toHaveLength(1);
    expect(first.headers.get("location")).toBe(`/tools/mobile-pos?event=${eventId}&register=${registers.rows[0]!.id}`);
    const again = await post(`/tools/events/${eventId}`, { intent: "sell-here" });
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
  });
});

describe("the phone's point of sale", () => {
  it("opens on the picked event's stall, on the event on now, or on a picker", async () => {
    const headers = { cookie: seller.jar.header(), "x-forwarded-for": seller.ip };
    const open = async (query: string) => (await server.request(`/tools/mobile-pos${query}`, { headers })).text();
    const picked = await open(`?event=${eventId}`);
    expect(picked).toContain("Mobile POS: Harvest Fair");
    // Nothing is on now: the coming events to pick from, and the other registers.
    const none = await open("");
    expect(none).toContain("No event is on now. Where are you selling?");
    expect(none).toContain(`href="/tools/mobile-pos?event=${eventId}"`);
    expect(none).toContain("Sell at your other registers");
    expect(await open("?event=none")).not.toContain("No event is on now");

    const saved = await post("/tools/events/new", {
      intent: "save-event",
      name: "Night Market",
      type: "pop_up_markets",
      startsAt: "2030-11-01T18:00",
      endsAt: "2030-11-01T23:00",
    });
    const nightId = saved.headers.get("location")!.split("/").pop()!;
    await server.db.execute(sql`update events set starts_at = now() - interval '1 hour',
      ends_at = now() + interval '2 hours' where id = ${nightId}`);
    const now = await open("");
    expect(now).toContain("Mobile POS: Night Market");
    expect(now).not.toContain("Harvest Fair");
    const made = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from registers r
      join events e on e.location_id = r.location_id where e.id = ${nightId}`);
    expect(made.rows[0]!.n).toBe(1);
    await open("");
    const again = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from registers r
      join events e on e.location_id = r.location_id where e.id = ${nightId}`);
    expect(again.rows[0]!.n).toBe(1);
    await server.db.execute(sql`delete from events where id = ${nightId}`);
  });
});

describe("comparing events", () => {
  it("sorts and filters the table and exports the same rows as CSV", async () => {
    await post("/tools/events/new", {
      intent: "save-event",
      name: "=Quiet Fair",
      type: "art_shows",
      startsAt: "2030-10-05T10:00",
      endsAt: "2030-10-05T12:00",
      boothFee: "10",
    });
    const headers = { cookie: seller.jar.header(), "x-forwarded-for": seller.ip };
    const response = await server.request("/tools/events/compare?sort=net&dir=desc", { headers });
    const page = await response.text();
    expect(response.status, page.slice(0, 3000)).toBe(200);
    expect(page.indexOf("Harvest Fair")).toBeLessThan(page.indexOf("=Quiet Fair"));
    expect(page).toContain('aria-sort="descending"');
    const ascending = await (await server.request("/tools/events/compare?sort=net&dir=asc", { headers })).text();
    expect(ascending.indexOf("=Quiet Fair")).toBeLessThan(ascending.indexOf("Harvest Fair"));
    const craft = await (await server.request("/tools/events/compare?type=craft_fairs", { headers })).text();
    expect(craft).toContain("Harvest Fair");
    expect(craft).not.toContain("=Quiet Fair");
    const csv = await server.request("/tools/events/compare.csv?sort=net&dir=desc&from=2030-01-01&to=2030-12-31", {
      headers,
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n")).toEqual([
      "event,type,starts,hours,revenue_usd,net_usd,net_per_hour_usd,units,orders,average_sale_usd",
      // Harvest Fair: 45.00 revenue − 15.00 refunds − 25.00 costs over 8 hours.
      "Harvest Fair,Craft Fairs,2030-09-07 09:00,8,45.00,5.00,0.63,3,1,45.00",
      // A cell starting with = is exported as text, never a formula.
      "'=Quiet Fair,Art Shows,2030-10-05 10:00,2,0.00,-10.00,-5.00,0,0,0.00",
      "",
    ]);
    const none = await (await server.request("/tools/events/compare?from=2031-01-01", { headers })).text();
    expect(none).toContain("No events match.");
  });

  it("reads a date the database has no day for (year 0000, 10000, Feb 30) as no date, on the page and in the CSV", async () => {
    const headers = { cookie: seller.jar.header(), "x-forwarded-for": seller.ip };
    for (const query of ["from=0000-01-01", "to=0000-12-31", "from=2030-02-30", "from=10000-01-01", "from=0001-01-01"])
      for (const path of ["/tools/events/compare", "/tools/events/compare.csv"]) {
        const response = await server.request(`${path}?${query}`, { headers });
        const text = await response.text();
        expect(response.status, `${path}?${query}: ${text.slice(0, 200)}`).toBe(200);
        expect(text, `${path}?${query}`).toContain("Harvest Fair");
      }
  });
});
