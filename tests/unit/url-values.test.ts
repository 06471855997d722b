import { describe, expect, it } from "vitest";
import { calendarDayNumber, isCalendarDate, isTimestamp, isUuid, searchText } from "~/lib/text-formats";

describe("searchText (a search box's q)", () => {
  it("drops control characters (a NUL cannot reach a database text), trims, and reads nothing as empty", () => {
    expect(searchText("\u0000ann\u0000@\t", 254)).toBe("ann@");
    expect(searchText(" \u0085\u007f ", 254)).toBe("");
    expect(searchText(null, 254)).toBe("");
    expect(searchText("Café ☕", 254)).toBe("Café ☕");
  });

  it("cuts at whole code points: never half a surrogate pair", () => {
    const cut = searchText("a😀😀", 2);
    expect(cut).toBe("a😀");
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(searchText("x".repeat(300), 100)).toHaveLength(100);
  });
});

describe("text formats a URL value must have before a query reads it as a uuid, date or timestamptz", () => {
  it("isCalendarDate: real days only", () => {
    for (const day of ["2026-01-31", "2024-02-29", "2000-02-29", "0001-01-01"])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of [
      "2026-02-29",
      "1900-02-29",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "0000-01-01",
      "2026-1-01",
      "",
    ])
      expect(isCalendarDate(day), day).toBe(false);
  });

  it("isTimestamp: an instant that exists, with Z or an offset PostgreSQL reads", () => {
    for (const at of [
      "2026-01-01T00:00:00Z",
      "2026-11-26T23:59:59.123456+05:30",
      "2026-03-29T02:30:00+0200",
      "2026-01-01T12:00:00-03",
    ])
      expect(isTimestamp(at), at).toBe(true);
    for (const at of [
      "2026-02-30T00:00:00Z",
      "2026-01-01T24:00:00Z",
      "2026-01-01T00:60:00Z",
      "2026-01-01T00:00:60Z",
      "2026-01-01T00:00:00+16:00",
      "2026-01-01T00:00:00",
      "2026-01-01 00:00:00Z",
    ])
      expect(isTimestamp(at), at).toBe(false);
  });

  it("isUuid: any letter case, nothing around it", () => {
    expect(isUuid("0b7e4c1a-9a57-4d0e-8f0a-3c2b1a0f9e8d")).toBe(true);
    expect(isUuid("0B7E4C1A-9A57-4D0E-8F0A-3C2B1A0F9E8D")).toBe(true);
    expect(isUuid("0b7e4c1a-9a57-4d0e-8f0a-3c2b1a0f9e8d\u0000")).toBe(false);
    expect(isUuid("x")).toBe(false);
  });
});

describe("calendarDayNumber (the analytics ranges' day arithmetic)", () => {
  it("counts days from 1970-01-01, years below 100 included, and has no number for a day that does not exist", () => {
    expect(calendarDayNumber("1970-01-01")).toBe(0);
    expect(calendarDayNumber("2026-03-01")! - calendarDayNumber("2026-02-28")!).toBe(1);
    expect(calendarDayNumber("2024-03-01")! - calendarDayNumber("2024-02-28")!).toBe(2);
    expect(calendarDayNumber("0050-01-02")! - calendarDayNumber("0050-01-01")!).toBe(1);
    expect(calendarDayNumber("0050-01-01")).toBeLessThan(calendarDayNumber("1950-01-01")! - 365 * 1899);
    expect(calendarDayNumber("2026-02-29")).toBeNull();
  });
});
