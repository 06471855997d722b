/** better-auth paths whose last segment is a token. */
const TOKEN_PATH = /^(\/api\/auth\/(?:reset-password|verify-email|magic-link\/verify|callback\/[^/]+))\/[^/?#]+/;
/** A token-like segment: 24+ letters and digits with under three hyphens, so UUIDs and slugs pass. */
const TOKEN_SEGMENT = /^(?=.*\d)(?=.*[A-Za-z])(?!(?:[^-]*-){3})[A-Za-z0-9_~.-]{24,}$/;

export const REDACTED = "[redacted]";

/** A URL fit for a log line: no query string (tokens travel there) and no token-like path segment. */
export function redactUrl(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const known = path.replace(TOKEN_PATH, `$1/${REDACTED}`);
  return known
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? REDACTED : segment))
    .join("/");
}
