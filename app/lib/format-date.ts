/** "2 October 2026" for an ISO date, the same on server and client (UTC). */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(isoDate));
}
