// UTC instants to and from a time zone's wall clock.
import { localDateTimeParts, utcDate } from "./text-formats";

/** `name` when it is a time zone this runtime knows, else UTC. */
export function resolveTimeZone(name: string | null | undefined): string {
  if (!name) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      era: "short",
    });
    if (partsFormats.size < 1_000) partsFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall-clock fields at `date`. */
function wallClock(date: Date, timeZone: string) {
  const parts: Record<string, number> = {};
  let beforeChrist = false;
  for (const part of partsFormat(timeZone).formatToParts(date))
    if (part.type === "era") beforeChrist = part.value === "BC";
    else if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: beforeChrist ? 1 - parts.year! : parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The UTC instant with these fields; unlike Date.UTC, years 0–99 stay themselves. */
function utcInstant(year: number, month: number, day: number, hour: number, minute: number, second = 0): number {
  return utcDate(year, month, day).getTime() + ((hour * 60 + minute) * 60 + second) * 1000;
}

/** The zone's offset from UTC at `date`, in milliseconds. */
function offsetAt(date: Date, timeZone: string): number {
  const c = wallClock(date, timeZone);
  const asUtc = utcInstant(c.year, c.month, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The UTC instant of a wall-clock time in `timeZone`, or null when it does not exist (years 1–9999); skipped DST
 * times move forward.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date | null {
  const parts = localDateTimeParts(local.trim());
  if (!parts) return null;
  const { year: y, month: mo, day: d, hour: h, minute: mi } = parts;
  const guess = utcInstant(y, mo, d, h, mi);
  const zone = resolveTimeZone(timeZone);
  // The second pass corrects the offset around a daylight-saving change.
  const first = guess - offsetAt(new Date(guess), zone);
  const second = guess - offsetAt(new Date(first), zone);
  // A time the clocks skip matches neither pass: the later one is that time moved forward by the gap.
  const wall = (instant: number) => utcToZonedLocal(new Date(instant), zone);
  const wanted = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
  if (wall(second) !== wanted && wall(first) !== wanted) return new Date(Math.max(first, second));
  return new Date(second);
}

const pad = (value: number, size = 2) => String(value).padStart(size, "0");

/** The `datetime-local` value of a UTC instant in `timeZone`. */
export function utcToZonedLocal(date: Date, timeZone: string): string {
  const c = wallClock(date, resolveTimeZone(timeZone));
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time for people, in `timeZone`: "Dec 1, 2026, 10:00 AM". */
export function formatDateTime(date: Date | string, timeZone: string): string {
  const zone = resolveTimeZone(timeZone);
  let format = displayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "medium", timeStyle: "short" });
    if (displayFormats.size < 1_000) displayFormats.set(zone, format);
  }
  return format.format(typeof date === "string" ? new Date(date) : date);
}

/** The instant a wall-clock time skipped by a daylight-saving change moves to, or null when the time exists. */
export function skippedLocalTime(local: string, timeZone: string): Date | null {
  const instant = zonedLocalToUtc(local, timeZone);
  if (!instant) return null;
  return utcToZonedLocal(instant, timeZone) === local.trim().slice(0, 16) ? null : instant;
}
