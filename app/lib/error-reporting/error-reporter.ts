import { scrubReport, scrubText } from "./scrub";

/** A report not sent within this time is abandoned. */
export const ERROR_REPORT_SEND_TIMEOUT_MS = 5_000;
/** The most reports waiting to be sent; more are dropped. */
export const ERROR_REPORT_BUFFER_LIMIT = 20;
const SENTRY_VERSION = "7";
const CLIENT_NAME = "sellkit-error-reporter/1.0";

/** The parts of a Sentry DSN the envelope endpoint needs. */
export type Dsn = { publicKey: string; origin: string; envelopeUrl: string; projectId: string; raw: string };

/** Parses a DSN, or null when it is not one. */
export function parseDsn(dsn: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const match = /^(.*\/)?(\d+|[\w-]+)\/?$/.exec(url.pathname);
  if (!["http:", "https:"].includes(url.protocol) || !url.username || !match?.[2]) return null;
  const prefix = (match[1] ?? "/").replace(/\/$/, "");
  const projectId = match[2];
  return {
    publicKey: decodeURIComponent(url.username),
    origin: url.origin,
    projectId,
    envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/`,
    raw: dsn,
  };
}

/** The public key as `X-Sentry-Auth` header, or query string for browsers. */
export function sentryAuth(dsn: Dsn): { header: string; query: string } {
  return {
    header: `Sentry sentry_version=${SENTRY_VERSION}, sentry_client=${CLIENT_NAME}, sentry_key=${dsn.publicKey}`,
    query: new URLSearchParams({
      sentry_version: SENTRY_VERSION,
      sentry_client: CLIENT_NAME,
      sentry_key: dsn.publicKey,
    }).toString(),
  };
}

type StackFrame = { filename?: string; function?: string; lineno?: number; colno?: number; in_app?: boolean };

/** V8's stack lines ("    at fn (file:1:2)") as Sentry frames, oldest call first. */
export function parseStack(stack: string | undefined): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of (stack ?? "").split("\n")) {
    const match = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!match) continue;
    const filename = match[2]!;
    frames.push({
      function: match[1] ?? "?",
      filename,
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !filename.includes("node_modules"),
    });
  }
  return frames.reverse();
}

export type ReportContext = {
  /** How it was caught ("onerror", "loader"…). */
  mechanism: string;
  request?: { url?: string; method?: string; headers?: Record<string, string> };
  tags?: Record<string, string>;
};

export type SentryEvent = {
  event_id: string;
  timestamp: number;
  platform: "node" | "javascript";
  level: "error";
  environment?: string;
  exception: {
    values: {
      type: string;
      value: string;
      stacktrace?: { frames: StackFrame[] };
      mechanism: { type: string; handled: false };
    }[];
  };
  request?: ReportContext["request"];
  tags?: Record<string, string>;
};

function eventId(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/** The event of an error (or any thrown value), scrubbed. */
export function errorEvent(
  error: unknown,
  context: ReportContext,
  platform: SentryEvent["platform"],
  environment?: string,
): SentryEvent {
  const isError = error instanceof Error;
  const frames = isError ? parseStack(error.stack) : [];
  const value = isError ? error.message : typeof error === "string" ? error : safeJson(error);
  return scrubReport({
    event_id: eventId(),
    timestamp: Date.now() / 1000,
    platform,
    level: "error",
    ...(environment ? { environment } : {}),
    exception: {
      values: [
        {
          type: isError ? error.name || "Error" : "Error",
          value: scrubText(value),
          ...(frames.length ? { stacktrace: { frames } } : {}),
          mechanism: { type: context.mechanism, handled: false },
        },
      ],
    },
    ...(context.request ? { request: context.request } : {}),
    ...(context.tags ? { tags: context.tags } : {}),
  });
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A Sentry envelope of one event. */
export function eventEnvelope(event: SentryEvent, dsn: Dsn): string {
  const payload = JSON.stringify(event);
  const header = JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString(), dsn: dsn.raw });
  const item = JSON.stringify({ type: "event", length: new TextEncoder().encode(payload).length });
  return `${header}\n${item}\n${payload}\n`;
}

export type ErrorReporter = {
  readonly enabled: boolean;
  /** Reports an unhandled error; false when off, already reported, or the buffer is full. */
  capture(error: unknown, context: ReportContext): boolean;
  /** Waits at most `timeoutMs` for the reports on their way. */
  flush(timeoutMs?: number): Promise<void>;
  /** Reports dropped because the buffer was full. */
  readonly dropped: number;
};

export type ErrorReporterOptions = {
  dsn: string | undefined;
  platform: SentryEvent["platform"];
  environment?: string;
  /** Browsers authenticate in the query string and keep requests past unload. */
  browser?: boolean;
  fetch?: typeof fetch;
  /** Told when a report could not be sent, never with its content. */
  onSendFailure?: (reason: string) => void;
};

/** A reporter that does nothing: no DSN configured. */
export const DISABLED_REPORTER: ErrorReporter = {
  enabled: false,
  capture: () => false,
  flush: async () => {},
  dropped: 0,
};

/** Sends scrubbed unhandled errors to a Sentry-compatible endpoint; off without a DSN. */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const dsn = options.dsn ? parseDsn(options.dsn) : null;
  if (!dsn) return DISABLED_REPORTER;
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const auth = sentryAuth(dsn);
  const url = options.browser ? `${dsn.envelopeUrl}?${auth.query}` : dsn.envelopeUrl;
  const headers: Record<string, string> = options.browser
    ? { "Content-Type": "text/plain;charset=UTF-8" }
    : { "Content-Type": "application/x-sentry-envelope", "X-Sentry-Auth": auth.header };
  const inFlight = new Set<Promise<void>>();
  const seen = new WeakSet<object>();
  let dropped = 0;

  async function post(body: string) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ERROR_REPORT_SEND_TIMEOUT_MS);
    try {
      const response = await send(url, {
        method: "POST",
        headers,
        body,
        signal: controller.signal,
        keepalive: options.browser,
      });
      if (!response.ok) options.onSendFailure?.(`status ${response.status}`);
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      options.onSendFailure?.(
        controller.signal.aborted ? "timeout" : error instanceof Error ? error.message : "failed",
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    enabled: true,
    get dropped() {
      return dropped;
    },
    capture(error, context) {
      if (typeof error === "object" && error !== null) {
        if (seen.has(error)) return false;
        seen.add(error);
      }
      if (inFlight.size >= ERROR_REPORT_BUFFER_LIMIT) {
        dropped += 1;
        return false;
      }
      const sending = post(
        eventEnvelope(errorEvent(error, context, options.platform, options.environment), dsn),
      ).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
      return true;
    },
    async flush(timeoutMs = ERROR_REPORT_SEND_TIMEOUT_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      clearTimeout(timer);
    },
  };
}
