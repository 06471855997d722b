import { describe, expect, it } from "vitest";
import { calendarDateField, localDateTimeField, optionalLocalDateTimeField } from "~/lib/form-fields";
import { isCalendarDate, isLocalDateTime } from "~/lib/text-formats";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";

// The one rule for dates typed in forms or carried in links: a day that exists, in the years 1–9999 PostgreSQL stores.

describe("dates a form or a link may carry", () => {
  it("takes days of the years 1 to 9999 that exist, and no others", () => {
    for (const day of ["0001-01-01", "0050-02-28", "2024-02-29", "9999-12-31"])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of [
      "0000-01-01",
      "0000-12-31",
      "10000-01-01",
      "2026-02-30",
      "2026-02-29",
      "+02026-01-01",
      "2026-1-1",
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("takes datetime-local times on such days, at times that exist", () => {
    for (const local of ["0001-01-01T00:00", "2026-12-01T10:00", "2026-12-01T10:00:59", "9999-12-31T23:59"])
      expect(isLocalDateTime(local), local).toBe(true);
    for (const local of [
      "0000-01-01T10:00",
      "10000-01-01T10:00",
      "2026-02-30T10:00",
      "2026-04-31T10:00",
      "2026-12-01T24:00",
      "2026-12-01T10:60",
      "2026-12-01T10:00:60",
      "2026-12-01 10:00",
      "",
    ])
      expect(isLocalDateTime(local), local).toBe(false);
  });

  it("gives one field message per refused value, as the zod rules of every form", () => {
    const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(issues(calendarDateField("Pick a day").safeParse("2026-02-30"))).toEqual(["Pick a day"]);
    expect(issues(calendarDateField("Pick a day").safeParse(" 2026-02-28 "))).toBeUndefined();
    expect(issues(localDateTimeField("Pick a time").safeParse("0000-06-01T10:00"))).toEqual(["Pick a time"]);
    expect(issues(localDateTimeField("Pick a time").safeParse(""))).toEqual(["Pick a time"]);
    expect(optionalLocalDateTimeField("Pick a time").safeParse(undefined)).toMatchObject({ success: true, data: "" });
    expect(issues(optionalLocalDateTimeField("Pick a time").safeParse("2026-02-30T10:00"))).toEqual(["Pick a time"]);
  });
});

describe("wall-clock times of the first centuries", () => {
  it("keeps the years 1 to 99 themselves, never 1900 to 1999", () => {
    expect(zonedLocalToUtc("0050-06-01T10:00", "UTC")?.toISOString()).toBe("0050-06-01T10:00:00.000Z");
    expect(zonedLocalToUtc("0001-01-01T00:00", "UTC")?.toISOString()).toBe("0001-01-01T00:00:00.000Z");
    const paris = zonedLocalToUtc("0099-07-14T12:00", "Europe/Paris")!;
    expect(paris.getUTCFullYear()).toBe(99);
    expect(utcToZonedLocal(paris, "Europe/Paris")).toBe("0099-07-14T12:00");
  });

  it("has no instant for a year 0, a year past 9999, or a day that does not exist", () => {
    for (const local of ["0000-01-01T10:00", "10000-01-01T10:00", "2026-02-30T10:00", "2026-02-29T10:00"])
      expect(zonedLocalToUtc(local, "Europe/Paris"), local).toBeNull();
  });
});
