import { type ErrorCode, fail, type Failure } from "~/lib/errors";
import { calendarDayNumber } from "~/lib/text-formats";

// The analytics page's date range, read from the URL so it is linkable; an unreadable range answers with its error,
// never another range. Browser-safe.

export type RangePreset = "7d" | "30d" | "90d" | "12m";

/** The preset ranges the picker links to. */
export const RANGE_PRESETS: { id: RangePreset; label: string }[] = [
  { id: "7d", label: "Last 7 days" },
  { id: "30d", label: "Last 30 days" },
  { id: "90d", label: "Last 90 days" },
  { id: "12m", label: "Last 12 months" },
];

export const DEFAULT_PRESET: RangePreset = "30d";
/** The longest custom range, in days (its previous period doubles what is read). */
export const MAX_RANGE_DAYS = 731;

/** How the chart groups days: per day up to 90 days, per week up to a year, else per month. */
export type Grain = "day" | "week" | "month";

/** Calendar days in the creator's time zone, YYYY-MM-DD; `to` is included. */
export type AnalyticsRange = { preset: RangePreset } | { preset: "custom"; from: string; to: string };

/** A refused range with the dates as they were typed, so the fields can keep them. */
export type RangeFailure = Failure<Extract<ErrorCode, `ANALYTICS_${string}`>> & { from: string; to: string };

/** The range the search params ask for: `range` (a preset), or `from` and `to` (a custom range); 30 days when none. */
export function parseRange(params: URLSearchParams): { ok: true; range: AnalyticsRange } | RangeFailure {
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  const preset = params.get("range");
  if (from || to || preset === "custom") {
    const start = calendarDayNumber(from);
    const end = calendarDayNumber(to);
    if (start === null || end === null) return { ...fail("ANALYTICS_DATE_INVALID"), from, to };
    if (end < start) return { ...fail("ANALYTICS_RANGE_REVERSED"), from, to };
    if (end - start + 1 > MAX_RANGE_DAYS) return { ...fail("ANALYTICS_RANGE_TOO_LONG"), from, to };
    return { ok: true, range: { preset: "custom", from, to } };
  }
  if (preset === null || preset === "") return { ok: true, range: { preset: DEFAULT_PRESET } };
  const known = RANGE_PRESETS.find((entry) => entry.id === preset);
  return known ? { ok: true, range: { preset: known.id } } : { ...fail("ANALYTICS_RANGE_UNKNOWN"), from, to };
}

/** The chart's grouping for a range. */
export function grainOf(range: AnalyticsRange): Grain {
  if (range.preset === "12m") return "month";
  if (range.preset !== "custom") return "day";
  const days = (calendarDayNumber(range.to) ?? 0) - (calendarDayNumber(range.from) ?? 0) + 1;
  return days <= 90 ? "day" : days <= 366 ? "week" : "month";
}

/** The search string of a range (for links). */
export function rangeSearch(range: AnalyticsRange): string {
  return range.preset === "custom"
    ? `?${new URLSearchParams({ from: range.from, to: range.to })}`
    : `?range=${range.preset}`;
}

/** orders / unique visitors, as a percentage with one decimal ('—' without visitors). */
export function conversionRate(orders: number, visitors: number): string {
  if (visitors <= 0) return "—";
  return `${(Math.round((orders / visitors) * 1000) / 10).toFixed(1)}%`;
}

/** A figure's change against the previous period: '+12%', '−5%', 'new' from nothing, '0%' from nothing to nothing. */
export function changeOf(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "0%" : "new";
  const change = Math.round(((current - previous) / previous) * 100);
  return change > 0 ? `+${change}%` : change < 0 ? `−${-change}%` : "0%";
}
