// Formats a value from a URL (a path segment, a query parameter, a keyset cursor) must have before it reaches a
// database query as a uuid, date or timestamptz: PostgreSQL refuses the rest with an error, which must never become
// a 500 for a mistyped or crafted link. Browser-safe.

/** A UUID in its text form, any letter case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;
/** PostgreSQL's widest UTC offset, in hours. */
const MAX_OFFSET_HOURS = 15;

/** A day of the calendar as YYYY-MM-DD (year 1 or later; February 29 only in leap years). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

/** An ISO 8601 instant as the app writes them (date, time to the second or microsecond, Z or an offset) that exists. */
export function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match || !isCalendarDate(match[1]!)) return false;
  const [hours, minutes, seconds] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const offsetHours = match[5] === undefined ? 0 : Number(match[5]);
  const offsetMinutes = match[6] === undefined ? 0 : Number(match[6]);
  return hours <= 23 && minutes <= 59 && seconds <= 59 && offsetHours <= MAX_OFFSET_HOURS && offsetMinutes <= 59;
}

/** Whether `value` holds a control character (C0, DEL, C1): no stored email or name does, and no PostgreSQL text can hold a NUL. */
export const hasControlCharacter = (value: string): boolean => /\p{Cc}/u.test(value);
