import type { ReportContext } from "./error-reporter";

/** The <meta> that carries the browser's DSN. */
export const ERROR_REPORTING_META = "error-reporting-dsn";

let installed = false;

/** The page's address without query and fragment, which may carry tokens. */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/** Reports unhandled errors to the DSN in the page's <meta>, loading the reporter chunk only when one is set. */
export function installBrowserErrorReporting(): void {
  if (installed) return;
  const dsn = document.querySelector<HTMLMetaElement>(`meta[name="${ERROR_REPORTING_META}"]`)?.content;
  if (!dsn) return;
  installed = true;
  const reporter = import("./browser-reporter").then(({ createBrowserReporter }) => createBrowserReporter(dsn));
  const capture = (error: unknown, mechanism: ReportContext["mechanism"]) => {
    const request = { url: pageUrl(), headers: { "User-Agent": navigator.userAgent } };
    reporter.then((loaded) => loaded.capture(error, { mechanism, request })).catch(() => undefined);
  };
  window.addEventListener("error", (event) => capture(event.error ?? event.message, "onerror"));
  window.addEventListener("unhandledrejection", (event) => capture(event.reason, "onunhandledrejection"));
}
