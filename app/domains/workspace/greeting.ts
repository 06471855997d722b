import { TIME_ZONE_COOKIE } from "~/kernel/store/store-defaults";
/** the dashboard greeting by the visitor's local time; cut-offs at 12:00 and 18:00. */
export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 18;
export const WELCOME_WITHOUT_NAME = "Welcome to your dashboard";

export type Greeting = "Good morning" | "Good afternoon" | "Good evening";

export function greetingForHour(hour: number): Greeting {
  if (hour < AFTERNOON_FROM_HOUR) return "Good morning";
  if (hour < EVENING_FROM_HOUR) return "Good afternoon";
  return "Good evening";
}

/** The heading text: 'Good morning, Ada', or the welcome line when there is no first name. */
export function greetingText(hour: number, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `${greetingForHour(hour)}, ${name}` : WELCOME_WITHOUT_NAME;
}

/** Hour formats by zone: making one costs about 50 µs, using one under 1 µs (a dashboard read made one each). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** More than there are IANA zones; names that are not zones throw and are never kept. */
const MAX_KEPT_FORMATS = 1_000;

function hourFormat(timeZone: string): Intl.DateTimeFormat {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone });
    if (hourFormats.size < MAX_KEPT_FORMATS) hourFormats.set(timeZone, format);
  }
  return format;
}

/** The hour (0–23) at `now` in `timeZone`; the server's own zone when the name is missing or unknown. */
export function hourIn(now: Date, timeZone: string | null | undefined): number {
  if (timeZone) {
    try {
      const hour = hourFormat(timeZone).format(now);
      return Number(hour) % 24;
    } catch {
      // an unknown zone name: fall through
    }
  }
  return now.getHours();
}

/** The browser's own time zone name. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Remembers the browser's time zone in a cookie, so server-rendered greetings use local time. */
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  if (!zone) return;
  const secure = location.protocol === "https:" ? "; secure" : "";
  const value = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (document.cookie.split("; ").includes(value)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie, set once; the Cookie Store API is missing in Safari and Firefox
  document.cookie = `${value}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * A script run by the browser right after the server-rendered heading, before the first paint: it puts
 * the greeting of the browser's own clock in place (the server may not know the zone yet, or the clock
 * may differ), so the visitor never sees a wrong greeting. Built from the same constants as `greetingForHour`.
 */
export function greetingFixScript(elementId: string): string {
  return `(function(){var e=document.getElementById(${JSON.stringify(elementId)});if(!e)return;var n=e.getAttribute("data-first-name");if(!n)return;var h=new Date().getHours();e.textContent=(h<${AFTERNOON_FROM_HOUR}?"Good morning":h<${EVENING_FROM_HOUR}?"Good afternoon":"Good evening")+", "+n})()`;
}
