/** What replaces a scrubbed value in an error report. */
export const FILTERED = "[Filtered]";

/** Keys whose values never leave the process. */
const SENSITIVE_KEY =
  /pass(word|wd)?|secret|token|cookie|authori[sz]ation|api[-_]?key|session|credential|backup|otp|e-?mail|signature/i;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
/** `token=…`, `password: …` and the like inside free text. */
const SENSITIVE_PAIR =
  /\b((?:[\w-]*(?:pass(?:word|wd)?|secret|token|cookie|session|api[-_]?key|code|otp|signature)[\w-]*)\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&#,;"']+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** A failed query's parameters may hold a session token or an email. */
const QUERY_PARAMS = /\bparams:[^\n]*/gi;
const MAX_DEPTH = 8;

/** Free text with emails and secret-looking pairs removed. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, `params: ${FILTERED}`)
    .replace(EMAIL, "[email]")
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(SENSITIVE_PAIR, `$1${FILTERED}`);
}

/** A copy of a report with sensitive values replaced and strings scrubbed. */
export function scrubReport<T>(value: T, depth = 0): T {
  if (typeof value === "string") return scrubText(value) as T;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return FILTERED as T;
  if (Array.isArray(value)) return value.map((item) => scrubReport(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[scrubText(key)] = SENSITIVE_KEY.test(key) ? FILTERED : scrubReport(item, depth + 1);
  }
  return copy as T;
}
