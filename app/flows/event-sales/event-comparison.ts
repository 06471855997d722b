import { EVENT_TYPES } from "~/domains/sales-methods/content/sales-options";
import { csvRecord, decimalAmount, textCell } from "~/lib/csv";
import { isCalendarDate } from "~/lib/text-formats";
import { utcToZonedLocal } from "~/lib/zoned-time";

/** One event's figures in the comparison table; money in minor units. */
export type EventComparisonRow = {
  id: string;
  name: string;
  type: string;
  startsAt: string;
  hours: number;
  revenueCents: number;
  netCents: number;
  netPerHourCents: number;
  units: number;
  orders: number;
  averageSaleCents: number;
};

/** The columns the table sorts by. */
export const COMPARISON_SORTS = ["date", "revenue", "net", "netPerHour", "units", "averageSale"] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

/** The comparison's filters and order as read from the URL. */
export type ComparisonFilter = {
  type: string | null;
  from: string | null;
  to: string | null;
  sort: ComparisonSort;
  descending: boolean;
};

/** A real calendar day "YYYY-MM-DD" the database can read (not 2026-02-30, not year 0000). */
const isDay = (value: string | null): value is string => value !== null && isCalendarDate(value);

/** The filter of a comparison URL; anything unknown falls back to all events by date. */
export function readComparisonFilter(params: URLSearchParams): ComparisonFilter {
  const type = params.get("type");
  const sort = params.get("sort") as ComparisonSort | null;
  const from = params.get("from");
  const to = params.get("to");
  return {
    type: type && EVENT_TYPES.some((t) => t.value === type) ? type : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
    sort: sort && COMPARISON_SORTS.includes(sort) ? sort : "date",
    descending: params.get("dir") !== "asc",
  };
}

const VALUE: Record<ComparisonSort, (row: EventComparisonRow) => number> = {
  date: (row) => Date.parse(row.startsAt),
  revenue: (row) => row.revenueCents,
  net: (row) => row.netCents,
  netPerHour: (row) => row.netPerHourCents,
  units: (row) => row.units,
  averageSale: (row) => row.averageSaleCents,
};

/** The rows in the filter's order, ties by date then id so the order is stable. */
export function sortComparison(rows: EventComparisonRow[], filter: ComparisonFilter): EventComparisonRow[] {
  const value = VALUE[filter.sort];
  const sign = filter.descending ? -1 : 1;
  return [...rows].sort(
    (a, b) =>
      sign * (value(a) - value(b)) || Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id.localeCompare(b.id),
  );
}

/** The comparison as CSV, one row per event, times in the seller's zone and amounts as decimals of `currency`. */
export function comparisonCsv(rows: EventComparisonRow[], timeZone: string, currency: string): string {
  const header = csvRecord([
    "event",
    "type",
    "starts",
    "hours",
    `revenue_${currency.toLowerCase()}`,
    `net_${currency.toLowerCase()}`,
    `net_per_hour_${currency.toLowerCase()}`,
    "units",
    "orders",
    `average_sale_${currency.toLowerCase()}`,
  ]);
  return (
    header +
    rows
      .map((row) =>
        csvRecord([
          textCell(row.name),
          textCell(EVENT_TYPES.find((t) => t.value === row.type)?.label ?? row.type),
          utcToZonedLocal(new Date(row.startsAt), timeZone).replace("T", " "),
          row.hours,
          decimalAmount(row.revenueCents),
          decimalAmount(row.netCents),
          decimalAmount(row.netPerHourCents),
          row.units,
          row.orders,
          decimalAmount(row.averageSaleCents),
        ]),
      )
      .join("")
  );
}
