/** Ports of the servers the browser tests start (see playwright.config.ts and tests/e2e/support/worker-app.ts). */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3310);
/** Playwright's parallel workers; each runs its own app server (and database) on `e2eAppPort(slot)`. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** The app port of the worker in parallel slot `slot` (0 … E2E_WORKERS - 1): after the fixed ports below. */
export function e2eAppPort(slot: number): number {
  return E2E_APP_PORT + 30 + slot;
}
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3325);
export const E2E_MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3326);
export const E2E_INBOX_URL = `http://127.0.0.1:${E2E_MAIL_HTTP_PORT}/messages`;
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3327);
export const E2E_OIDC_CLIENT = { id: "sellkit-e2e", secret: "sellkit-e2e-secret" };
/** A second app instance configured with CAPTCHA_PROVIDER=hcaptcha, against the local hCaptcha stand-in. */
export const E2E_HCAPTCHA_APP_PORT = Number(process.env.E2E_HCAPTCHA_APP_PORT ?? 3311);
export const E2E_HCAPTCHA_PORT = Number(process.env.E2E_HCAPTCHA_PORT ?? 3328);
/** The local error-reporting service (a Sentry stand-in) the main app instance reports to. */
export const E2E_ERROR_REPORTS_PORT = Number(process.env.E2E_ERROR_REPORTS_PORT ?? 3329);
export const E2E_ERROR_REPORTS_DSN = `http://stand-in-key@127.0.0.1:${E2E_ERROR_REPORTS_PORT}/42`;
export const E2E_ERROR_REPORTS_URL = `http://127.0.0.1:${E2E_ERROR_REPORTS_PORT}/envelopes`;
export const E2E_HCAPTCHA = { siteKey: "stand-in-site-key", secret: "stand-in-secret" };
