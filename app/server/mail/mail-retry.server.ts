/**
 * When the mail worker tries again (decision 011). Pure rules, shared by the worker and its unit test.
 * The delay doubles from MAIL_RETRY_BASE_DELAY_MS and is capped at MAIL_RETRY_MAX_DELAY_MS: 1 s, 2 s, 4 s …
 * 256 s, then every 5 minutes. After MAIL_MAX_ATTEMPTS failures (about an hour of outage) the row is kept but no
 * longer tried, and the worker logs it at error level.
 */
export const MAIL_RETRY_BASE_DELAY_MS = 1_000;
export const MAIL_RETRY_MAX_DELAY_MS = 5 * 60_000;
export const MAIL_MAX_ATTEMPTS = 20;
/** The longest `last_error` kept. */
export const MAIL_ERROR_MAX_LENGTH = 500;

/** How long to wait after the `failedAttempts`-th failed attempt (1 = the first failure) before the next one. */
export function mailRetryDelayMs(failedAttempts: number): number {
  if (!Number.isFinite(failedAttempts) || failedAttempts < 1) return MAIL_RETRY_BASE_DELAY_MS;
  const doublings = Math.min(Math.floor(failedAttempts) - 1, 30);
  return Math.min(MAIL_RETRY_BASE_DELAY_MS * 2 ** doublings, MAIL_RETRY_MAX_DELAY_MS);
}

/** Whether a row that failed `failedAttempts` times is given up (kept, never tried again). */
export function mailGivenUp(failedAttempts: number): boolean {
  return failedAttempts >= MAIL_MAX_ATTEMPTS;
}

/**
 * What is kept of a delivery error: its code and message only (no stack, no transport options), with any
 * credentials of a URL masked, on one line, capped in length.
 */
export function describeMailError(error: unknown): string {
  const code = typeof error === "object" && error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "unknown error";
  const text = (code && !message.startsWith(code) ? `${code}: ${message}` : message)
    .replace(/(\w+:\/\/)[^/@\s]*@/g, "$1[redacted]@")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > MAIL_ERROR_MAX_LENGTH ? `${text.slice(0, MAIL_ERROR_MAX_LENGTH - 1)}…` : text;
}
