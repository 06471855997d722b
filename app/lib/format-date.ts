/** "2 October 2026" for an ISO date, in UTC on server and client. */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(isoDate),
  );
}
