import { formatMoney } from "~/lib/money";
import { changeOf, conversionRate, type Grain } from "./analytics-range";
import type { Figures, SeriesPoint } from "./analytics-report";

// How the analytics page writes its figures; browser-safe. Calendar days arrive as YYYY-MM-DD in the creator's zone and
// are formatted in UTC, so no zone moves them.

const count = new Intl.NumberFormat("en-US");
const shortDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const fullDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
const monthYear = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Nov 1 – Nov 30, 2026", "Dec 24, 2025 – Jan 6, 2026", or one day. */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return fullDay.format(at(from));
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? shortDay.format(at(from)) : fullDay.format(at(from))} – ${fullDay.format(at(to))}`;
}

/** A chart point's name: "Nov 3" (day), "Week of Nov 3" (week), "November 2026" (month). */
export function pointLabel(point: Pick<SeriesPoint, "start">, grain: Grain, short = false): string {
  if (grain === "month") return short ? shortMonth(point.start) : monthYear.format(at(point.start));
  if (grain === "week") return short ? shortDay.format(at(point.start)) : `Week of ${fullDay.format(at(point.start))}`;
  return short ? shortDay.format(at(point.start)) : fullDay.format(at(point.start));
}

function shortMonth(day: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short" }).format(at(day));
}

export type MetricId = "revenue" | "orders" | "units" | "views" | "visitors" | "conversion";

/** One figure of the page: how it is read from the figures, formatted and whether it is charted. */
export type Metric = {
  id: MetricId;
  label: string;
  value: (figures: Figures) => number;
  format: (value: number) => string;
  charted: boolean;
};

/** The page's six figures, in the order they are shown; conversion rate is orders / unique visitors. */
export function metrics(currency: string): Metric[] {
  return [
    {
      id: "revenue",
      label: "Revenue",
      value: (f) => f.revenueCents,
      format: (v) => formatMoney(v, currency),
      charted: true,
    },
    { id: "orders", label: "Orders", value: (f) => f.orders, format: (v) => count.format(v), charted: true },
    { id: "units", label: "Units sold", value: (f) => f.units, format: (v) => count.format(v), charted: false },
    { id: "views", label: "Page views", value: (f) => f.views, format: (v) => count.format(v), charted: true },
    {
      id: "visitors",
      label: "Unique visitors",
      value: (f) => f.visitors,
      format: (v) => count.format(v),
      charted: true,
    },
    {
      id: "conversion",
      label: "Conversion rate",
      value: (f) => (f.visitors > 0 ? f.orders / f.visitors : 0),
      format: (v) => (Number.isFinite(v) ? `${(Math.round(v * 1000) / 10).toFixed(1)}%` : "—"),
      charted: false,
    },
  ];
}

/** A figure's value as shown, and its change against the previous period. */
export function figureText(metric: Metric, current: Figures, previous: Figures): { value: string; change: string } {
  if (metric.id === "conversion") {
    const now = current.visitors > 0 ? current.orders / current.visitors : null;
    const before = previous.visitors > 0 ? previous.orders / previous.visitors : null;
    const change =
      now === null || before === null
        ? now === null
          ? "—"
          : "new"
        : changeOf(Math.round(now * 10_000), Math.round(before * 10_000));
    return { value: conversionRate(current.orders, current.visitors), change };
  }
  return {
    value: metric.format(metric.value(current)),
    change: changeOf(metric.value(current), metric.value(previous)),
  };
}

/** A count as the page writes it, with thousands separators. */
export function formatCountValue(value: number): string {
  return count.format(value);
}

/** The analytics page (the dashboard's Analytics quick action). */
export const ANALYTICS_PATH = "/analytics";
