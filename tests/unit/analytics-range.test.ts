import { describe, expect, it } from "vitest";
import { changeOf, conversionRate, grainOf, parseRange } from "~/domains/analytics/analytics-range";
import { figureText, formatDayRange, metrics, pointLabel } from "~/domains/analytics/analytics-display";

const parse = (query: string) => parseRange(new URLSearchParams(query));

describe("the analytics range in the URL", () => {
  it("reads presets, defaults to 30 days, and reads custom ranges", () => {
    expect(parse("")).toEqual({ ok: true, range: { preset: "30d" } });
    for (const preset of ["7d", "30d", "90d", "12m"])
      expect(parse(`range=${preset}`)).toEqual({ ok: true, range: { preset } });
    expect(parse("from=2026-03-01&to=2026-03-31")).toEqual({
      ok: true,
      range: { preset: "custom", from: "2026-03-01", to: "2026-03-31" },
    });
    expect(parse("range=7d&from=2026-03-01&to=2026-03-01")).toEqual({
      ok: true,
      range: { preset: "custom", from: "2026-03-01", to: "2026-03-01" },
    });
  });

  it("refuses what it cannot read, with a code, never another range", () => {
    expect(parse("range=forever")).toMatchObject({ ok: false, code: "ANALYTICS_RANGE_UNKNOWN" });
    expect(parse("from=2026-02-29&to=2026-03-01")).toMatchObject({
      ok: false,
      code: "ANALYTICS_DATE_INVALID",
      from: "2026-02-29",
    });
    expect(parse("from=2026-03-01")).toMatchObject({ ok: false, code: "ANALYTICS_DATE_INVALID" });
    expect(parse("range=custom")).toMatchObject({ ok: false, code: "ANALYTICS_DATE_INVALID" });
    expect(parse("from=2026-03-02&to=2026-03-01")).toMatchObject({ ok: false, code: "ANALYTICS_RANGE_REVERSED" });
    expect(parse("from=2024-01-01&to=2025-12-31")).toMatchObject({ ok: true });
    expect(parse("from=2024-01-01&to=2026-01-01")).toMatchObject({ ok: false, code: "ANALYTICS_RANGE_TOO_LONG" });
  });

  it("groups per day up to 90 days, per week up to a year, else per month; 12 months per month", () => {
    expect(grainOf({ preset: "90d" })).toBe("day");
    expect(grainOf({ preset: "12m" })).toBe("month");
    expect(grainOf({ preset: "custom", from: "2026-01-01", to: "2026-03-31" })).toBe("day");
    expect(grainOf({ preset: "custom", from: "2026-01-01", to: "2026-04-01" })).toBe("week");
    expect(grainOf({ preset: "custom", from: "2026-01-01", to: "2027-01-01" })).toBe("week");
    expect(grainOf({ preset: "custom", from: "2026-01-01", to: "2027-01-02" })).toBe("month");
  });
});

describe("how figures are written", () => {
  it("changes, conversion rates and dates", () => {
    expect(changeOf(120, 100)).toBe("+20%");
    expect(changeOf(80, 100)).toBe("−20%");
    expect(changeOf(5, 0)).toBe("new");
    expect(changeOf(0, 0)).toBe("0%");
    expect(conversionRate(3, 40)).toBe("7.5%");
    expect(conversionRate(3, 0)).toBe("—");
    expect(formatDayRange("2026-11-01", "2026-11-30")).toBe("Nov 1 – Nov 30, 2026");
    expect(formatDayRange("2025-12-24", "2026-01-06")).toBe("Dec 24, 2025 – Jan 6, 2026");
    expect(pointLabel({ start: "2026-03-01" }, "month")).toBe("March 2026");
    expect(pointLabel({ start: "2026-03-02" }, "week")).toBe("Week of Mar 2, 2026");
    const [revenue, , , , , conversion] = metrics("EUR");
    const now = { revenueCents: 2150, orders: 2, units: 2, views: 40, visitors: 20 };
    const before = { revenueCents: 0, orders: 1, units: 1, views: 10, visitors: 20 };
    expect(figureText(revenue!, now, before)).toEqual({ value: "€21.50", change: "new" });
    expect(figureText(conversion!, now, before)).toEqual({ value: "10.0%", change: "+100%" });
  });
});
