import { utcDate } from "~/lib/text-formats";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-time";

/** How an event repeats: every week or every month, on the same local day and time. */
export const REPEAT_FREQUENCIES = ["weekly", "monthly"] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
/** The most events one repeat makes. */
export const MAX_REPEATS = 52;

type Span = { startsAt: Date; endsAt: Date };

/** A `datetime-local` value moved by whole days or months on the calendar, the day clamped to the month's end. */
export function shiftLocal(local: string, frequency: RepeatFrequency, steps: number): string {
  const [date, time] = local.split("T") as [string, string];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  let target: Date;
  if (frequency === "weekly") target = utcDate(y, m, d + 7 * steps);
  else {
    const lastDay = utcDate(y, m + steps + 1, 0).getUTCDate();
    target = utcDate(y, m + steps, Math.min(d, lastDay));
  }
  return `${target.toISOString().slice(0, 10)}T${time}`;
}

/**
 * The next `count` occurrences after `first`, each at the same wall-clock start and end in `timeZone`. A Saturday
 * market stays at 8:00 across daylight-saving changes; none falls past the year 9999.
 */
export function repeatSpans(first: Span, timeZone: string, frequency: RepeatFrequency, count: number): Span[] {
  const start = utcToZonedLocal(first.startsAt, timeZone);
  const end = utcToZonedLocal(first.endsAt, timeZone);
  const dayMs = 86_400_000;
  const endDays = (Date.parse(`${end.slice(0, 10)}T00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00Z`)) / dayMs;
  const spans: Span[] = [];
  for (let step = 1; step <= Math.min(count, MAX_REPEATS); step++) {
    const shifted = shiftLocal(start, frequency, step);
    const endDay = new Date(Date.parse(`${shifted.slice(0, 10)}T00:00Z`) + endDays * dayMs).toISOString().slice(0, 10);
    const startsAt = zonedLocalToUtc(shifted, timeZone);
    const endsAt = zonedLocalToUtc(`${endDay}T${end.slice(11)}`, timeZone);
    if (!startsAt || !endsAt) break; // past the year 9999
    spans.push({ startsAt, endsAt });
  }
  return spans;
}
