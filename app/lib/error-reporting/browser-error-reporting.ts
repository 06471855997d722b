import { createErrorReporter, type ErrorReporter } from "./error-reporter";

/** The <meta> that carries the browser's DSN. */
export const ERROR_REPORTING_META = "error-reporting-dsn";

let installed: ErrorReporter | null = null;

/** The page's address without query and fragment, which may carry tokens. */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** Reports the page's unhandled errors to the DSN in its <meta>, if any. */
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
