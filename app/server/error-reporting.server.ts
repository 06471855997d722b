import {
  createErrorReporter,
  DISABLED_REPORTER,
  type ErrorReporter,
  type ReportContext,
} from "~/lib/error-reporting/error-reporter";
import type { Logger } from "./logger.server";

export type { ErrorReporter } from "~/lib/error-reporting/error-reporter";

/** Request headers worth a report; never cookies or authorization. */
const REPORTED_HEADERS = ["user-agent", "accept", "content-type", "referer"];

/** The server's reporter to SENTRY_DSN, off without it. */
export function createServerErrorReporter({
  dsn,
  environment,
  logger,
}: {
  dsn: string | undefined;
  environment: string;
  logger: Logger;
}): ErrorReporter {
  if (!dsn) return DISABLED_REPORTER;
  return createErrorReporter({
    dsn,
    platform: "node",
    environment,
    onSendFailure: (reason) => logger.warn({ reason }, "an error report could not be sent"),
  });
}

/** The failed request as reported: method, URL without query, a few headers. */
export function reportedRequest(request: {
  method: string;
  url: string;
  headers: Headers | Record<string, string | string[] | undefined>;
}): ReportContext["request"] {
  const url = new URL(request.url, "http://localhost");
  const headers: Record<string, string> = {};
  for (const name of REPORTED_HEADERS) {
    const value = request.headers instanceof Headers ? request.headers.get(name) : request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return { method: request.method, url: `${url.origin}${url.pathname}`, headers };
}
