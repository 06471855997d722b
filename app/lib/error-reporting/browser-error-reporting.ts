import { createErrorReporter, type ErrorReporter } from "./error-reporter";

/** The <meta> the root layout (or, on prerendered pages, the server) puts the browser's DSN in. */
export const ERROR_REPORTING_META = "error-reporting-dsn";

let installed: ErrorReporter | null = null;

/** The page's address without its query string and fragment (they may carry tokens). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/**
 * Reports the page's unhandled errors and promise rejections to the DSN in the page's <meta>, once per page
 * load. Does nothing without one (SENTRY_BROWSER_DSN unset).
 */
export function installBrowserErrorReporting(): ErrorReporter | null {
  if (installed) return installed;
  const dsn = document.querySelector<HTMLMetaElement>(`meta[name="${ERROR_REPORTING_META}"]`)?.content;
  const reporter = createErrorReporter({ dsn, platform: "javascript", environment: undefined, browser: true });
  if (!reporter.enabled) return null;
  installed = reporter;
  const request = () => ({ url: pageUrl(), headers: { "User-Agent": navigator.userAgent } });
  window.addEventListener("error", (event) => {
    reporter.capture(event.error ?? event.message, { mechanism: "onerror", request: request() });
  });
  window.addEventListener("unhandledrejection", (event) => {
    reporter.capture(event.reason, { mechanism: "onunhandledrejection", request: request() });
  });
  return reporter;
}
