/**
 * A URL or path fit for a log line: no query string (verification, magic-link and download tokens travel
 * there) and no token-like path segment (better-auth's `/api/auth/reset-password/<token>`, links to come).
 */
const TOKEN_PATH = /^(\/api\/auth\/(?:reset-password|verify-email|magic-link\/verify|callback\/[^/]+))\/[^/?#]+/;
/**
 * A path segment that looks like a secret: 24+ characters of a token alphabet with letters and digits, and
 * fewer than three hyphens (UUIDs — identifiers, not secrets — have four; slugs have words between hyphens).
 */
const TOKEN_SEGMENT = /^(?=.*\d)(?=.*[A-Za-z])(?!(?:[^-]*-){3})[A-Za-z0-9_~.-]{24,}$/;

export const REDACTED = "[redacted]";

export function redactUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const known = path.replace(TOKEN_PATH, `$1/${REDACTED}`);
  return known
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? REDACTED : segment))
    .join("/");
}
