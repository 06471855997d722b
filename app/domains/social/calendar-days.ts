// Calendar days as YYYY-MM-DD strings, computed in UTC so no zone shifts a day.

/** The calendar's views. */
export const CALENDAR_VIEWS = ["week", "month", "list"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `days`. */
export function addDays(day: string, days: number): string {
  return toDay(toMs(day) + days * DAY_MS);
}

/** The Monday on or before `day`. */
export function weekStart(day: string): string {
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The days a view shows around `day`: its week, or whole weeks covering its month. */
export function calendarDays(view: "week" | "month", day: string): string[] {
  if (view === "week") return Array.from({ length: 7 }, (_, i) => addDays(weekStart(day), i));
  const first = `${day.slice(0, 7)}-01`;
  const next = new Date(toMs(first));
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = addDays(toDay(next.getTime()), -1);
  const start = weekStart(first);
  const count = Math.ceil(((toMs(last) - toMs(start)) / DAY_MS + 1) / 7) * 7;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/** The day a view moves to with its Previous and Next links. */
export function stepDay(view: "week" | "month", day: string, direction: 1 | -1): string {
  if (view === "week") return addDays(day, 7 * direction);
  const moved = new Date(toMs(`${day.slice(0, 7)}-01`));
  moved.setUTCMonth(moved.getUTCMonth() + direction);
  return toDay(moved.getTime());
}

/** A day for people: "Tue, Dec 1". */
export function dayLabel(day: string): string {
  return new Date(toMs(day)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });
}

/** A month for people: "December 2026". */
export function monthLabel(day: string): string {
  return new Date(toMs(`${day.slice(0, 7)}-01`)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  });
}
