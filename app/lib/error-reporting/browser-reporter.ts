import { createErrorReporter, type ErrorReporter } from "./error-reporter";

/** The browser's reporter for a DSN: authenticated in the query string, its requests kept past unload. */
export function createBrowserReporter(dsn: string): ErrorReporter {
  return createErrorReporter({ dsn, platform: "javascript", environment: undefined, browser: true });
}
