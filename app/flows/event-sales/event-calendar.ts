import type { EventListItem, EventTab } from "~/flows/event-sales/event-item";
import { isCalendarDate, utcDate } from "~/lib/text-formats";
import { utcToZonedLocal } from "~/lib/zoned-time";

/** The local calendar day ("2026-12-05") of an instant in `timeZone`. */
export function localDay(instant: string | Date, timeZone: string): string {
  return utcToZonedLocal(typeof instant === "string" ? new Date(instant) : instant, timeZone).slice(0, 10);
}

/** The events a tab shows: today's (by local day), those ending later, or those already over (newest first). */
export function eventsOfTab(events: EventListItem[], tab: EventTab, now: Date, timeZone: string): EventListItem[] {
  const today = localDay(now, timeZone);
  const live = events.filter((event) => !event.archived);
  if (tab === "today")
    return live.filter(
      (event) => localDay(event.startsAt, timeZone) <= today && localDay(event.endsAt, timeZone) >= today,
    );
  if (tab === "upcoming") return live.filter((event) => new Date(event.endsAt) >= now);
  return events.filter((event) => new Date(event.endsAt) < now).reverse();
}

/** A `YYYY-MM` month of years 1–9999, or the month of `fallback`. */
export function monthOf(value: string | null, fallback: string): string {
  return value && /^\d{4}-\d{2}$/.test(value) && isCalendarDate(`${value}-01`) ? value : fallback.slice(0, 7);
}

/** The month before or after `month` ("2026-12"). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return utcDate(y, m + by, 1)
    .toISOString()
    .slice(0, 7);
}

/** The weeks (Monday first) of a month's grid, each day as "YYYY-MM-DD" or null outside the month. */
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = utcDate(y, m, 1);
  const days = utcDate(y, m + 1, 0).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The calendar day `by` days after `day` ("2026-12-31" + 1 is "2027-01-01"). */
export function addDays(day: string, by: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return utcDate(y, m, d + by)
    .toISOString()
    .slice(0, 10);
}
