// Checks on URL values bound for uuid, date or timestamptz queries, so a bad link never becomes a 500.

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;
/** PostgreSQL's widest UTC offset, in hours. */
const MAX_OFFSET_HOURS = 15;

/** Days since 1970-01-01 of an existing YYYY-MM-DD day, else null. */
export function calendarDayNumber(value: string): number | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  const exists =
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? date.getTime() / 86_400_000 : null;
}

/** An existing YYYY-MM-DD day, year 1 or later. */
export const isCalendarDate = (value: string): boolean => calendarDayNumber(value) !== null;

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
