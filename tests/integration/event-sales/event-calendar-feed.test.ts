import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/zoned-time";
import { type FormFields, postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The private calendar feed: parsed back strictly, its times those the event pages show for a New York and a Berlin
// seller across their daylight-saving changes, and a reset kills the old URL at once.

let server: TestServer;

type Vevent = Record<string, string>;

/** A strict reader of the feed: CRLF only, lines ≤ 75 octets, folds unfolded, TEXT values unescaped. */
function parseIcs(text: string): { calendar: Record<string, string>; events: Vevent[] } {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ")) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const unescapeText = (value: string) =>
    value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));
  const calendar: Record<string, string> = {};
  const events: Vevent[] = [];
  let current: Vevent | null = null;
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  for (const line of lines) {
    const colon = line.indexOf(":");
    expect(colon).toBeGreaterThan(0);
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else if (current) {
      // An unescaped comma or semicolon in a TEXT value would be a list separator.
      if (["SUMMARY", "LOCATION", "DESCRIPTION"].includes(name)) expect(value).not.toMatch(/(^|[^\\])(\\\\)*[,;]/);
      current[name] = unescapeText(value);
    } else calendar[name] = value;
  }
  return { calendar, events };
}

const icsInstant = (value: string) =>
  new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));

async function sellerIn(timeZone: string) {
  const who = await createSignedInCreator(server, { businessTypes: ["events"] });
  await server.db.execute(sql`update profiles set time_zone = ${timeZone} where user_id = ${who.id}`);
  return who;
}

function post(path: string, fields: FormFields, who: SignedInCreator) {
  return postForm(server, path, fields, { jar: who.jar, ip: who.ip });
}

async function feedUrlOf(who: SignedInCreator): Promise<string> {
  const response = await post("/tools/events", { intent: "reset-feed" }, who);
  expect(response.status).toBe(200);
  const match = /(\/tools\/events\/feed\/[A-Za-z0-9_-]{43}\.ics)/.exec(await response.text());
  expect(match).not.toBeNull();
  return match![1]!;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" });
});
afterAll(async () => {
  await server?.stop();
});

describe("calendar feed", () => {
  for (const { zone, days } of [
    // The days around each change and the change days themselves (14 March and 7 November, 28 March and 31 October).
    {
      zone: "America/New_York",
      days: ["2027-03-13", "2027-03-14", "2027-03-20", "2027-10-30", "2027-11-06", "2027-11-07"],
    },
    {
      zone: "Europe/Berlin",
      days: ["2027-03-27", "2027-03-28", "2027-04-03", "2027-10-30", "2027-10-31", "2027-11-06"],
    },
  ]) {
    it(`lists a ${zone} seller's events at the times their pages show, across daylight-saving changes`, async () => {
      const seller = await sellerIn(zone);
      for (const [i, day] of days.entries()) {
        const saved = await post(
          "/tools/events/new",
          {
            intent: "save-event",
            name: `Market ${i + 1}, Hall; "A" \\ B`,
            type: "farmers_markets",
            startsAt: `${day}T08:00`,
            endsAt: `${day}T13:00`,
            venue: "Town Square",
            address: "1 Main St, Springfield",
            boothNumber: "B12",
          },
          seller,
        );
        expect(saved.status).toBe(302);
      }
      const url = await feedUrlOf(seller);
      const response = await server.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      const { calendar, events } = parseIcs(await response.text());
      expect(calendar.VERSION).toBe("2.0");
      expect(events).toHaveLength(6);
      const rows = await server.db.execute<{ id: string }>(
        sql`select id from events where user_id = ${seller.id} order by starts_at`,
      );
      for (const [i, event] of events.entries()) {
        const id = rows.rows[i]!.id;
        expect(event.UID).toBe(`${id}@sellkit-events`);
        expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
        expect(event.SUMMARY).toBe(`Market ${i + 1}, Hall; "A" \\ B`);
        expect(event.LOCATION).toBe("Town Square, 1 Main St, Springfield");
        const start = icsInstant(event.DTSTART!);
        expect(formatDateTime(start, zone)).toContain("8:00 AM");
        const page = await server.request(`/tools/events/${id}`, {
          headers: { cookie: seller.jar.header(), "x-forwarded-for": seller.ip },
        });
        expect(await page.text()).toContain(formatDateTime(start, zone));
      }
      // The same local time is a different UTC hour either side of the change.
      expect(new Set(events.map((event) => event.DTSTART!.slice(9))).size).toBe(2);
      // Stable UIDs: a second read names the same events.
      const again = parseIcs(await (await server.request(url)).text());
      expect(again.events.map((event) => event.UID)).toEqual(events.map((event) => event.UID));
    });
  }

  it("answers 404 to the old URL as soon as the link is reset, and to made-up tokens", async () => {
    const seller = await sellerIn("UTC");
    const first = await feedUrlOf(seller);
    expect((await server.request(first)).status).toBe(200);
    const second = await feedUrlOf(seller);
    expect(second).not.toBe(first);
    expect((await server.request(first)).status).toBe(404);
    expect((await server.request(second)).status).toBe(200);
    expect((await server.request(`/tools/events/feed/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await server.request(second.replace(".ics", ".txt"))).status).toBe(404);
    const stored = await server.db.execute<{ token_hash: string }>(
      sql`select token_hash from event_calendar_feeds where user_id = ${seller.id}`,
    );
    expect(second).not.toContain(stored.rows[0]!.token_hash);
  });
});
