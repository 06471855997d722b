/** When the mail worker tries again: doubling delays up to a cap, giving up after MAIL_MAX_ATTEMPTS. */
export const MAIL_RETRY_BASE_DELAY_MS = 1_000;
export const MAIL_RETRY_MAX_DELAY_MS = 5 * 60_000;
export const MAIL_MAX_ATTEMPTS = 20;
/** The longest `last_error` kept. */
export const MAIL_ERROR_MAX_LENGTH = 500;

/** The wait after the `failedAttempts`-th failure before the next attempt. */
export function mailRetryDelayMs(failedAttempts: number): number {
  if (!Number.isFinite(failedAttempts) || failedAttempts < 1) return MAIL_RETRY_BASE_DELAY_MS;
  const doublings = Math.min(Math.floor(failedAttempts) - 1, 30);
  return Math.min(MAIL_RETRY_BASE_DELAY_MS * 2 ** doublings, MAIL_RETRY_MAX_DELAY_MS);
}

/** Whether a row that failed `failedAttempts` times is given up. */
export function mailGivenUp(failedAttempts: number): boolean {
  return failedAttempts >= MAIL_MAX_ATTEMPTS;
}

/** A delivery error's code and message on one line, URL credentials masked, capped in length. */
export function describeMailError(error: unknown): string {
  const code =
    typeof error === "object" && error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "unknown error";
  const text = (code && !message.startsWith(code) ? `${code}: ${message}` : message)
    .replace(/(\w+:\/\/)[^/@\s]*@/g, "$1[redacted]@")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > MAIL_ERROR_MAX_LENGTH ? `${text.slice(0, MAIL_ERROR_MAX_LENGTH - 1)}…` : text;
}
