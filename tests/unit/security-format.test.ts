import { describe, expect, it } from "vitest";
import {
  backupCodesFileName,
  describeUserAgent,
  eventTypeLabel,
  isSevere,
  relativeTime,
  riskTone,
  securityExportFileName,
  severityVariant,
} from "~/domains/security/security-format";

describe("eventTypeLabel", () => {
  it.each([
    ["sign_in_failed", "SIGN IN FAILED"],
    ["2fa_enabled", "2FA ENABLED"],
    ["data_cleanup", "DATA CLEANUP"],
    ["logout", "LOGOUT"],
    ["", ""],
  ])("%j → %j", (type, label) => {
    expect(eventTypeLabel(type)).toBe(label);
  });
});

describe("riskTone (≥7 red, ≥5 warning, ≥3 muted, below success)", () => {
  it.each([
    [0, "success"],
    [2, "success"],
    [3, "muted"],
    [4, "muted"],
    [5, "warning"],
    [6, "warning"],
    [7, "destructive"],
    [10, "destructive"],
  ])("%i → %s", (score, tone) => {
    expect(riskTone(score)).toBe(tone);
  });
});

describe("severityVariant", () => {
  it.each([
    ["critical", "destructive"],
    ["high", "destructive"],
    ["medium", "warning"],
    ["low", "secondary"],
    ["unknown", "secondary"],
  ])("%s → %s", (severity, variant) => {
    expect(severityVariant(severity)).toBe(variant);
  });

  it("isSevere: critical and high only", () => {
    expect(["critical", "high", "medium", "low"].map(isSevere)).toEqual([true, true, false, false]);
  });
});

describe("relativeTime", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it.each([
    [0, "just now"],
    [59, "just now"],
    [60, "1 minute ago"],
    [5 * 60, "5 minutes ago"],
    [3_600, "1 hour ago"],
    [3 * 3_600, "3 hours ago"],
    [86_400, "yesterday"],
    [3 * 86_400, "3 days ago"],
    [7 * 86_400, "last week"],
    [40 * 86_400, "last month"],
    [400 * 86_400, "last year"],
    [-2 * 3_600, "in 2 hours"],
  ])("%i s ago → %j", (seconds, text) => {
    expect(relativeTime(ago(seconds), now)).toBe(text);
  });

  it("takes an ISO string as well as a Date", () => {
    expect(relativeTime(ago(120).toISOString(), now)).toBe("2 minutes ago");
  });
});

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
      "Chrome on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
      "Opera on Windows",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "Headless Chrome on Linux",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
  ])("%s → %s", (userAgent, text) => {
    expect(describeUserAgent(userAgent)).toBe(text);
  });

  it.each([null, undefined, ""])("%j → 'Unknown device'", (userAgent) => {
    expect(describeUserAgent(userAgent)).toBe("Unknown device");
  });

  it("an unrecognised agent is shown as itself, cut to 60 characters", () => {
    expect(describeUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(describeUserAgent("x".repeat(200))).toBe("x".repeat(60));
  });
});

describe("download file names (named by UTC date)", () => {
  it("backup codes: sellkit-backup-codes-YYYY-MM-DD.txt", () => {
    expect(backupCodesFileName(new Date("2026-03-04T23:59:59Z"))).toBe("sellkit-backup-codes-2026-03-04.txt");
  });

  it("export: sellkit-security-data-YYYY-MM-DD.json", () => {
    expect(securityExportFileName(new Date("2026-12-31T00:00:00Z"))).toBe("sellkit-security-data-2026-12-31.json");
    expect(securityExportFileName()).toMatch(/^sellkit-security-data-\d{4}-\d{2}-\d{2}\.json$/);
  });
});
