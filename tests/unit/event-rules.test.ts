import { describe, expect, it } from "vitest";
import { parseSetupRequirements } from "~/flows/event-sales/checklist";
import { escapeIcsText, foldIcsLine, writeIcsCalendar } from "~/flows/event-sales/ics";
import { repeatSpans, shiftLocal } from "~/flows/event-sales/repeat";
import { eventFormSchema, EVENT_MESSAGES } from "~/flows/event-sales/schemas/event-form";
import { readComparisonFilter } from "~/flows/event-sales/event-comparison";
import { addDays, monthGrid } from "~/flows/event-sales/event-calendar";
import { skippedLocalTime, utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";

// Pure rules of the Event Sales Manager: the checklist from the setup, repeats at the same wall-clock time across
// daylight-saving changes, the calendar feed's escaping and folding, and the form's date rules.

describe("checklist from the setup's requirements", () => {
  it("splits lines and commas, drops bullets, blanks and repeats", () => {
    expect(parseSetupRequirements("Tent, table\n- Chairs\r\n\n2. Power strip; tent\n*   Float")).toEqual([
      "Tent",
      "table",
      "Chairs",
      "Power strip",
      "Float",
    ]);
    expect(parseSetupRequirements("")).toEqual([]);
    expect(parseSetupRequirements(null)).toEqual([]);
  });
});

describe("repeats keep the local wall-clock time", () => {
  it("a New York Saturday market stays at 8:00 across the November change", () => {
    const zone = "America/New_York";
    const first = {
      startsAt: zonedLocalToUtc("2026-10-24T08:00", zone)!,
      endsAt: zonedLocalToUtc("2026-10-24T13:30", zone)!,
    };
    const spans = repeatSpans(first, zone, "weekly", 3);
    expect(spans.map((s) => utcToZonedLocal(s.startsAt, zone))).toEqual([
      "2026-10-31T08:00",
      "2026-11-07T08:00",
      "2026-11-14T08:00",
    ]);
    expect(spans.map((s) => utcToZonedLocal(s.endsAt, zone))).toEqual([
      "2026-10-31T13:30",
      "2026-11-07T13:30",
      "2026-11-14T13:30",
    ]);
    // The UTC hour changes with the offset (EDT −4 to EST −5).
    expect(spans[0]!.startsAt.toISOString()).toBe("2026-10-31T12:00:00.000Z");
    expect(spans[1]!.startsAt.toISOString()).toBe("2026-11-07T13:00:00.000Z");
  });

  it("a Berlin monthly fair across the March change, the 31st clamped to the month's end", () => {
    const zone = "Europe/Berlin";
    const first = {
      startsAt: zonedLocalToUtc("2027-01-31T22:00", zone)!,
      endsAt: zonedLocalToUtc("2027-02-01T02:00", zone)!,
    };
    const spans = repeatSpans(first, zone, "monthly", 3);
    expect(spans.map((s) => utcToZonedLocal(s.startsAt, zone))).toEqual([
      "2027-02-28T22:00",
      "2027-03-31T22:00",
      "2027-04-30T22:00",
    ]);
    expect(spans.map((s) => utcToZonedLocal(s.endsAt, zone))).toEqual([
      "2027-03-01T02:00",
      "2027-04-01T02:00",
      "2027-05-01T02:00",
    ]);
    expect(shiftLocal("2027-01-31T10:00", "monthly", 1)).toBe("2027-02-28T10:00");
  });
});

describe("calendar feed text", () => {
  it("escapes backslash, semicolon, comma and newlines", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(80)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, i) => (i ? part.slice(1) : part)).join("")).toBe(line);
  });

  it("writes CRLF lines, UTC times and one VEVENT per event", () => {
    const text = writeIcsCalendar(
      "Markets",
      [
        {
          uid: "e1@sellkit",
          startsAt: new Date("2026-12-05T13:00:00Z"),
          endsAt: new Date("2026-12-05T18:00:00Z"),
          updatedAt: new Date("2026-11-01T00:00:00Z"),
          summary: "Market, Hall; 3",
          location: "",
          description: "",
          cancelled: false,
        },
      ],
      new Date("2026-11-27T10:00:00Z"),
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(text).toContain("\r\nDTSTART:20261205T130000Z\r\n");
    expect(text).toContain("\r\nDTSTAMP:20261127T100000Z\r\n");
    expect(text).toContain("\r\nSUMMARY:Market\\, Hall\\; 3\r\n");
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
});

describe("event form", () => {
  const base = { intent: "save-event", name: "Market", type: "farmers_markets", startsAt: "2026-12-05T08:00" };
  it("refuses an end before the start on the end field", () => {
    const result = eventFormSchema.safeParse({ ...base, endsAt: "2026-12-05T07:00" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["endsAt"], message: EVENT_MESSAGES.endBeforeStart });
  });
  it("needs a count for a repeat and a type from the list", () => {
    expect(eventFormSchema.safeParse({ ...base, endsAt: "2026-12-05T12:00", repeat: "weekly" }).success).toBe(false);
    expect(eventFormSchema.safeParse({ ...base, endsAt: "2026-12-05T12:00", type: "rave" }).success).toBe(false);
    expect(
      eventFormSchema.safeParse({ ...base, endsAt: "2026-12-05T12:00", repeat: "weekly", repeatCount: "4" }).success,
    ).toBe(true);
  });
});

describe("comparison filter", () => {
  it("keeps real days and known types and sorts only", () => {
    const filter = readComparisonFilter(
      new URLSearchParams("type=art_shows&from=2026-02-28&to=2026-02-30&sort=net&dir=asc"),
    );
    expect(filter).toEqual({ type: "art_shows", from: "2026-02-28", to: null, sort: "net", descending: false });
    expect(readComparisonFilter(new URLSearchParams("from=2026-99-99&type=rave&sort=x"))).toEqual({
      type: null,
      from: null,
      to: null,
      sort: "date",
      descending: true,
    });
  });
});

describe("month grid", () => {
  it("starts weeks on Monday", () => {
    const weeks = monthGrid("2026-12");
    expect(weeks[0]).toEqual([
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});

describe("calendar days", () => {
  it("adds days across month and year ends and a leap day", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-22", 7)).toBe("2028-02-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });
});

describe("wall-clock times on daylight-saving days", () => {
  it("moves a skipped time forward by the gap and keeps times that exist", () => {
    expect(zonedLocalToUtc("2030-03-10T02:30", "America/New_York")?.toISOString()).toBe("2030-03-10T07:30:00.000Z");
    expect(skippedLocalTime("2030-03-10T02:30", "America/New_York")?.toISOString()).toBe("2030-03-10T07:30:00.000Z");
    expect(zonedLocalToUtc("2030-03-31T02:15", "Europe/Berlin")?.toISOString()).toBe("2030-03-31T01:15:00.000Z");
    expect(skippedLocalTime("2030-03-10T08:00", "America/New_York")).toBeNull();
    // A repeated hour in autumn stays one valid instant.
    expect(zonedLocalToUtc("2030-11-03T01:30", "America/New_York")?.toISOString()).toBe("2030-11-03T05:30:00.000Z");
    expect(skippedLocalTime("2030-11-03T01:30", "America/New_York")).toBeNull();
  });
});
