// An iCalendar (RFC 5545) feed of the seller's events, written by hand: no calendar library is installed.

/** What one calendar entry says about an event. */
export type IcsEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  summary: string;
  location: string;
  description: string;
  cancelled: boolean;
};

/** Escapes a TEXT value: backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line to at most 75 octets per line, never splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines start with one space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A UTC date-time in the basic form, like 20261201T090000Z. */
export function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The whole calendar as text with CRLF line endings, one VEVENT per event. */
export function writeIcsCalendar(name: string, entries: IcsEvent[], now: Date): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Sellkit//Event Sales Manager//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(name)}`,
  ];
  for (const entry of entries) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${entry.uid}`,
      `DTSTAMP:${icsUtc(now)}`,
      `LAST-MODIFIED:${icsUtc(entry.updatedAt)}`,
      `DTSTART:${icsUtc(entry.startsAt)}`,
      `DTEND:${icsUtc(entry.endsAt)}`,
      `SUMMARY:${escapeIcsText(entry.summary)}`,
    );
    if (entry.location) lines.push(`LOCATION:${escapeIcsText(entry.location)}`);
    if (entry.description) lines.push(`DESCRIPTION:${escapeIcsText(entry.description)}`);
    lines.push(`STATUS:${entry.cancelled ? "CANCELLED" : "CONFIRMED"}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}
