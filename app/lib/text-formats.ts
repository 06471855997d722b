// Checks on URL and form values bound for uuid, date or timestamptz columns, so a bad value never becomes a 500.
// Every date typed or linked is checked here.

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;
/** A `datetime-local` value ("2026-12-01T10:00"). */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
/** PostgreSQL's widest UTC offset, in hours. */
const MAX_OFFSET_HOURS = 15;
/** The years a typed or linked date may have: PostgreSQL has no year 0, and four digits end at 9999. */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

/** Midnight UTC of `year`, `month` (1–12) and `day`, overflowing as Date.UTC does but keeping years 0–99 themselves. */
export function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return date;
}

/** Midnight UTC of a calendar day (month 1–12), or null when it does not exist or is out of range. */
export function utcMidnight(year: number, month: number, day: number): Date | null {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return null;
  const date = utcDate(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** Days since 1970-01-01 of an existing YYYY-MM-DD day of years 1–9999, else null. */
export function calendarDayNumber(value: string): number | null {
  const match = DATE.exec(value);
  const date = match && utcMidnight(Number(match[1]), Number(match[2]), Number(match[3]));
  return date ? date.getTime() / 86_400_000 : null;
}

/** An existing YYYY-MM-DD day, years 1–9999. */
export const isCalendarDate = (value: string): boolean => calendarDayNumber(value) !== null;

/** The fields of a `datetime-local` value on an existing day of years 1–9999 at an existing time, else null. */
export function localDateTimeParts(
  value: string,
): { year: number; month: number; day: number; hour: number; minute: number } | null {
  const match = LOCAL_DATE_TIME_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59 || Number(match[6] ?? 0) > 59 || !utcMidnight(year, month, day)) return null;
  return { year, month, day, hour, minute };
}

/** A `datetime-local` value of an existing day and time, years 1–9999. */
export const isLocalDateTime = (value: string): boolean => localDateTimeParts(value) !== null;

/** An existing ISO 8601 instant as the app writes them. */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const offsetHours = match[5] === undefined ? 0 : Number(match[5]);
  const offsetMinutes = match[6] === undefined ? 0 : Number(match[6]);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= MAX_OFFSET_HOURS && offsetMinutes <= 59;
}

/** Control characters, which no stored text holds. */
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

export const hasControlCharacter = (value: string): boolean => value.search(CONTROL_CHARACTERS) >= 0;

/** A search box's `q`, cleaned and cut to `max` whole code points. */
export function searchText(value: string | null, max: number): string {
  const text = (value ?? "").replace(CONTROL_CHARACTERS, "").trim();
  return Array.from(text).slice(0, max).join("").trim();
}
