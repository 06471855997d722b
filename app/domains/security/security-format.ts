/** The risk score from which a security event counts as an alert. */
export const SECURITY_ALERT_RISK = 5;
export const LIVE_EVENTS_CAP = 50;
export const EVENTS_PANEL_SIZE = 10;
/** Security events are kept this long; Cleanup Data removes the user's older ones. */
export const SECURITY_EVENT_RETENTION_DAYS = 90;
/** Threat Detection counts alerts (risk ≥ SECURITY_ALERT_RISK) of this window. */
export const THREAT_WINDOW_HOURS = 24;

/** 'sign_in_failed' → 'SIGN IN FAILED' */
export function eventTypeLabel(eventType: string): string {
  return eventType.replace(/_/g, " ").toUpperCase();
}

export type Tone = "destructive" | "warning" | "muted" | "success";

/** A risk score's tone: 7+ red, 5+ warning, 3+ muted, else success. */
export function riskTone(score: number): Tone {
  if (score >= 7) return "destructive";
  if (score >= 5) return "warning";
  if (score >= 3) return "muted";
  return "success";
}

/** A severity's badge: critical and high destructive, medium warning, low secondary. */
export function severityVariant(severity: string): "destructive" | "warning" | "secondary" {
  if (severity === "critical" || severity === "high") return "destructive";
  if (severity === "medium") return "warning";
  return "secondary";
}

export function isSevere(severity: string): boolean {
  return severity === "critical" || severity === "high";
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** '3 minutes ago', 'just now' */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** 'Chrome on Linux' from a user agent string; 'Unknown device' without one. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The backup-code download's name, a text file named by date. */
export function backupCodesFileName(date = new Date()): string {
  return `sellkit-backup-codes-${date.toISOString().slice(0, 10)}.txt`;
}

/** The export download's name, a JSON file named by date. */
export function securityExportFileName(date = new Date()): string {
  return `sellkit-security-data-${date.toISOString().slice(0, 10)}.json`;
}
