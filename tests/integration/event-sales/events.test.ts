import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_MESSAGES } from "~/flows/event-sales/schemas/event-form";
import { ERRORS } from "~/lib/errors";
import { utcToZonedLocal } from "~/lib/zoned-time";
import { type FormFields, postForm, toastOf } from "../../support/form-post";
import { insertOrder } from "../../support/order-rows";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The Event Sales Manager over HTTP: events made as stock locations in the seller's zone, their validation, repeats,
// checklist, archive and delete rules, and nobody else's events touched.

let server: TestServer;
let creator: SignedInCreator;
let other: SignedInCreator;
const html = (text: string) => text.replace(/'/g, "&#x27;");
const ZONE = "America/New_York";

function post(path: string, fields: FormFields, who: SignedInCreator = creator) {
  return postForm(server, path, fields, { jar: who.jar, ip: who.ip });
}

async function page(path: string, who: SignedInCreator = creator) {
  const response = await server.request(path, { headers: { cookie: who.jar.header(), "x-forwarded-for": who.ip } });
  return { status: response.status, text: await response.text() };
}

type EventRow = {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  location_id: string;
  checklist: unknown;
};
const named = async (userId: string, name: string) => (await eventsOf(userId)).find((row) => row.name === name)!;
const eventsOf = async (userId: string) =>
  (
    await server.db.execute<EventRow>(
      sql`select id, name, starts_at, ends_at, location_id, checklist from events where user_id = ${userId} order by starts_at`,
    )
  ).rows;

/** A `datetime-local` value `days` from now in the seller's zone, at `time`. */
function localIn(days: number, time: string): string {
  const day = utcToZonedLocal(new Date(Date.now() + days * 86_400_000), ZONE).slice(0, 10);
  return `${day}T${time}`;
}

const market = (overrides: FormFields = {}): FormFields => ({
  intent: "save-event",
  name: "Saturday Market",
  type: "farmers_markets",
  startsAt: localIn(10, "08:00"),
  endsAt: localIn(10, "13:00"),
  venue: "Town Square",
  address: "1 Main St",
  boothNumber: "B12",
  boothFee: "45",
  otherCosts: "12.50",
  notes: "Bring the blue tent",
  checklist: "Tent, Table\nFloat",
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
  creator = await createSignedInCreator(server, { businessTypes: ["events"] });
  other = await createSignedInCreator(server, { businessTypes: ["events"] });
  await server.db.execute(sql`update profiles set time_zone = ${ZONE} where user_id = ${creator.id}`);
  await server.db.execute(sql`insert into sales_methods (user_id, method, settings) values (${creator.id}, 'events',
    ${JSON.stringify({ businessName: "Ada's", eventTypes: ["craft_fairs"], setupRequirements: "Tent, Table", paymentMethods: ["cash"] })}::jsonb)`);
});
afterAll(async () => {
  await server?.stop();
});

describe("events", () => {
  it("offers the setup's types and requirements on a new event", async () => {
    const form = await page("/tools/events/new");
    expect(form.status).toBe(200);
    expect(form.text).toContain("Tent, Table");
    // The setup's type comes first in the select.
    expect(form.text.indexOf("Craft Fairs")).toBeLessThan(form.text.indexOf("Farmers Markets"));
  });

  it("creates an event as a stock location, in the seller's zone, with its checklist and costs", async () => {
    const saved = await post("/tools/events/new", market());
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Event saved");
    const [event] = await eventsOf(creator.id);
    expect(saved.headers.get("location")).toBe(`/tools/events/${event!.id}`);
    expect(utcToZonedLocal(new Date(event!.starts_at), ZONE)).toBe(localIn(10, "08:00"));
    expect(event!.checklist).toEqual([
      { id: "c1", text: "Tent", done: false },
      { id: "c2", text: "Table", done: false },
      { id: "c3", text: "Float", done: false },
    ]);
    const location = await server.db.execute<{ kind: string; name: string }>(
      sql`select kind, name from stock_locations where id = ${event!.location_id}`,
    );
    expect(location.rows[0]).toEqual({ kind: "event", name: "Saturday Market" });
    const costs = await server.db.execute<{ booth_fee_cents: number; other_costs_cents: number; currency: string }>(
      sql`select booth_fee_cents, other_costs_cents, currency from events where id = ${event!.id}`,
    );
    expect(costs.rows[0]).toEqual({ booth_fee_cents: 4500, other_costs_cents: 1250, currency: "USD" });

    const shown = await page(`/tools/events/${event!.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Saturday Market");
    expect(shown.text).toContain("8:00 AM");
    expect(shown.text).toContain("Sell at this event");
    expect(await page(`/tools/events/${event!.id}`, other)).toMatchObject({ status: 404 });
  });

  it("refuses an end before the start, and a past start until confirmed", async () => {
    const before = (await eventsOf(creator.id)).length;
    const backwards = await post("/tools/events/new", market({ endsAt: localIn(10, "07:00") }));
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain(EVENT_MESSAGES.endBeforeStart);

    const past = market({ name: "Last week's fair", startsAt: localIn(-7, "09:00"), endsAt: localIn(-7, "17:00") });
    const unconfirmed = await post("/tools/events/new", past);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(html(ERRORS.EVENT_START_IN_PAST.message));
    expect(await eventsOf(creator.id)).toHaveLength(before);

    const confirmed = await post("/tools/events/new", { ...past, confirmPast: "on" });
    expect(confirmed.status).toBe(302);
    expect(await eventsOf(creator.id)).toHaveLength(before + 1);
  });

  it("warns of an overlap without refusing it", async () => {
    const overlapping = await post(
      "/tools/events/new",
      market({ name: "Craft Fair", startsAt: localIn(10, "12:00"), endsAt: localIn(10, "18:00") }),
    );
    expect(overlapping.status).toBe(302);
    expect(toastOf(overlapping)).toMatchObject({ type: "warning", description: "It overlaps with Saturday Market." });
  });

  it("moves a time the clocks skip on a daylight-saving day forward, and says so", async () => {
    const skipped = await post(
      "/tools/events/new",
      market({ name: "Spring Forward Fair", startsAt: "2030-03-10T02:30", endsAt: "2030-03-10T06:00" }),
    );
    expect(skipped.status).toBe(302);
    expect(toastOf(skipped)).toMatchObject({
      type: "warning",
      description:
        "02:30 does not exist that day in America/New_York (the clocks go forward): saved as Mar 10, 2030, 3:30 AM.",
    });
    const row = await named(creator.id, "Spring Forward Fair");
    expect(new Date(row.starts_at).toISOString()).toBe("2030-03-10T07:30:00.000Z");
    const later = await post(
      "/tools/events/new",
      market({ name: "Same Day Market", startsAt: "2030-03-10T08:00", endsAt: "2030-03-10T12:00" }),
    );
    expect(toastOf(later)).toMatchObject({ type: "success", title: "Event saved" });
  });

  it("repeats weekly at the same local time, each with its own location", async () => {
    const series = await post(
      "/tools/events/new",
      market({
        name: "Winter Market",
        startsAt: localIn(30, "08:00"),
        endsAt: localIn(30, "12:00"),
        repeat: "weekly",
        repeatCount: "3",
      }),
    );
    expect(series.status).toBe(302);
    expect(toastOf(series)?.title).toBe("4 events created");
    const winter = (await eventsOf(creator.id)).filter((event) => event.name === "Winter Market");
    expect(winter).toHaveLength(4);
    expect(new Set(winter.map((event) => event.location_id)).size).toBe(4);
    for (const event of winter) expect(utcToZonedLocal(new Date(event.starts_at), ZONE).slice(11)).toBe("08:00");
  });

  it("ticks, adds and removes checklist items", async () => {
    const event = await named(creator.id, "Saturday Market");
    const path = `/tools/events/${event!.id}`;
    expect((await post(path, { intent: "toggle-item", itemId: "c2" })).status).toBe(302);
    expect((await post(path, { intent: "add-checklist-item", text: "Card reader" })).status).toBe(302);
    expect((await post(path, { intent: "remove-item", itemId: "c1" })).status).toBe(302);
    expect((await post(path, { intent: "toggle-item", itemId: "c2" }, other)).status).toBe(404);
    const [after] = (await eventsOf(creator.id)).filter((row) => row.id === event!.id);
    expect(after!.checklist).toEqual([
      { id: "c2", text: "Table", done: true },
      { id: "c3", text: "Float", done: false },
      { id: "c4", text: "Card reader", done: false },
    ]);
  });

  it("edits an event and its location's name", async () => {
    const event = await named(creator.id, "Saturday Market");
    const saved = await post(
      `/tools/events/${event!.id}`,
      market({ name: "Sunday Market", startsAt: localIn(11, "09:00"), endsAt: localIn(11, "14:00") }),
    );
    expect(saved.status).toBe(302);
    const location = await server.db.execute<{ name: string }>(
      sql`select name from stock_locations where id = ${event!.location_id}`,
    );
    expect(location.rows[0]?.name).toBe("Sunday Market");
    expect((await post(`/tools/events/${event!.id}`, market(), other)).status).toBe(404);
  });

  it("refuses to delete an event with sales, archives it with its location instead, deletes one without", async () => {
    const event = await named(creator.id, "Sunday Market");
    await insertOrder(server.db, {
      userId: creator.id,
      customerEmail: "buyer@example.com",
      amountCents: 1000,
      status: "paid",
      locationId: event!.location_id,
    });
    const refused = await post(`/tools/events/${event!.id}`, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ERRORS.EVENT_HAS_SALES.message);

    const archived = await post(`/tools/events/${event!.id}`, { intent: "archive" });
    expect(toastOf(archived)?.title).toBe("Event archived");
    const location = await server.db.execute<{ archived: boolean }>(
      sql`select archived_at is not null as archived from stock_locations where id = ${event!.location_id}`,
    );
    expect(location.rows[0]?.archived).toBe(true);

    const craft = await named(creator.id, "Craft Fair");
    const deleted = await post(`/tools/events/${craft.id}`, { intent: "delete" });
    expect(toastOf(deleted)?.title).toBe("Event deleted");
    const gone = await server.db.execute(sql`select 1 from stock_locations where id = ${craft.location_id}`);
    expect(gone.rows).toHaveLength(0);
  });

  it("lists upcoming and past events and shows them on the month's calendar", async () => {
    // The tab's list only: the calendar below shows the whole month.
    const listOf = (text: string) => text.slice(text.indexOf('id="list-title"'), text.indexOf('id="calendar-title"'));
    const upcoming = await page("/tools/events");
    expect(upcoming.status).toBe(200);
    expect(listOf(upcoming.text)).toContain("Winter Market");
    expect(listOf(upcoming.text)).not.toContain("Last week&#x27;s fair");
    expect(listOf(upcoming.text)).not.toContain("Sunday Market");
    const past = await page("/tools/events?tab=past");
    expect(listOf(past.text)).toContain("Last week&#x27;s fair");
    expect(listOf(past.text)).not.toContain("Winter Market");
    const month = localIn(30, "08:00").slice(0, 7);
    const calendar = await page(`/tools/events?month=${month}`);
    expect(calendar.text).toMatch(/<table[^>]*>/);
    expect(calendar.text).toContain("Winter Market");
    expect((await page("/tools/events", other)).text).not.toContain("Winter Market");
  });
});
