import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createErrorReporter,
  ERROR_REPORT_BUFFER_LIMIT,
  ERROR_REPORT_SEND_TIMEOUT_MS,
  errorEvent,
  eventEnvelope,
  parseDsn,
} from "~/lib/error-reporting/error-reporter";
import { FILTERED, scrubReport } from "~/lib/error-reporting/scrub";
import { parseEnvelope } from "../support/error-report-stand-in";
import { contentSecurityPolicy } from "../../server/csp";

const DSN = "https://public@reports.example.com/7";

afterEach(() => {
  vi.useRealTimers();
});

describe("Sentry DSN", () => {
  it("gives the envelope endpoint and the public key", () => {
    expect(parseDsn(DSN)).toMatchObject({
      publicKey: "public",
      origin: "https://reports.example.com",
      projectId: "7",
      envelopeUrl: "https://reports.example.com/api/7/envelope/",
    });
    expect(parseDsn("http://k@127.0.0.1:9000/sub/path/42")?.envelopeUrl).toBe(
      "http://127.0.0.1:9000/sub/path/api/42/envelope/",
    );
    expect(parseDsn("https://reports.example.com/7")).toBeNull();
    expect(parseDsn("not a url")).toBeNull();
  });
});

describe("scrubbing", () => {
  it("removes passwords, tokens, cookies, authorization and emails at any depth, in keys and in values", () => {
    const scrubbed = scrubReport({
      password: "hunter2",
      nested: {
        deeper: [{ Authorization: "Bearer abc", cookie: "s=1", sessionToken: "t", note: "write to ada@example.com" }],
      },
      headers: { "user-agent": "Chrome", "X-Api-Key": "k" },
      message: "login failed for bob@example.org with password=hunter2 token: xyz",
      sql: "Failed query: select 1\nparams: ada@example.com,secret-token-value",
      "ada@example.com": 1,
    });
    expect(scrubbed.password).toBe(FILTERED);
    expect(scrubbed.nested.deeper[0]).toEqual({
      Authorization: FILTERED,
      cookie: FILTERED,
      sessionToken: FILTERED,
      note: "write to [email]",
    });
    expect(scrubbed.headers).toEqual({ "user-agent": "Chrome", "X-Api-Key": FILTERED });
    expect(JSON.stringify(scrubbed)).not.toMatch(/hunter2|xyz|@example|secret-token-value/);
  });

  it("scrubs the event of an error, message and request", () => {
    const event = errorEvent(
      new Error("no user carol@example.com"),
      { mechanism: "onerror", request: { url: "https://x/reset?token=abc", headers: { Cookie: "a=b" } } },
      "node",
    );
    expect(event.exception.values[0]!.value).toBe("no user [email]");
    expect(event.request).toEqual({ url: `https://x/reset?token=${FILTERED}`, headers: { Cookie: FILTERED } });
    expect(event.exception.values[0]!.stacktrace?.frames.length).toBeGreaterThan(0);
  });
});

describe("envelope", () => {
  it("is a header line, an item header with the payload's byte length, and the event", () => {
    const event = errorEvent(new Error("Zürich ✓"), { mechanism: "test" }, "javascript");
    const parsed = parseEnvelope(eventEnvelope(event, parseDsn(DSN)!));
    expect(parsed.header).toMatchObject({ event_id: event.event_id, dsn: DSN });
    expect(parsed.items).toHaveLength(1);
    expect(parsed.items[0]!.header.type).toBe("event");
    expect(parsed.items[0]!.payload).toEqual(JSON.parse(JSON.stringify(event)));
  });
});

describe("reporter", () => {
  it("is off without a DSN", () => {
    const fetch = vi.fn();
    const reporter = createErrorReporter({ dsn: undefined, platform: "node", fetch });
    expect(reporter.enabled).toBe(false);
    expect(reporter.capture(new Error("x"), { mechanism: "test" })).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it(`keeps at most ${ERROR_REPORT_BUFFER_LIMIT} reports on their way and abandons a send after ${ERROR_REPORT_SEND_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const failures: string[] = [];
    const requests: RequestInit[] = [];
    // A service that never answers: each send ends only by its timeout.
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      requests.push(init!);
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    });
    const reporter = createErrorReporter({
      dsn: DSN,
      platform: "node",
      fetch: fetch as typeof globalThis.fetch,
      onSendFailure: (reason) => failures.push(reason),
    });
    const sent = Array.from({ length: ERROR_REPORT_BUFFER_LIMIT + 5 }, (_, index) =>
      reporter.capture(new Error(`e${index}`), { mechanism: "test" }),
    );
    expect(sent.filter(Boolean)).toHaveLength(ERROR_REPORT_BUFFER_LIMIT);
    expect(reporter.dropped).toBe(5);
    expect(fetch).toHaveBeenCalledTimes(ERROR_REPORT_BUFFER_LIMIT);
    expect(new Headers(requests[0]!.headers).get("x-sentry-auth")).toContain("sentry_key=public");

    await vi.advanceTimersByTimeAsync(ERROR_REPORT_SEND_TIMEOUT_MS - 1);
    expect(failures).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(failures).toEqual(Array(ERROR_REPORT_BUFFER_LIMIT).fill("timeout"));
    // The buffer is free again.
    expect(reporter.capture(new Error("later"), { mechanism: "test" })).toBe(true);
  });

  it("authenticates in the query string from the browser (no CORS preflight)", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    createErrorReporter({ dsn: DSN, platform: "javascript", browser: true, fetch }).capture(new Error("x"), {
      mechanism: "test",
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^https:\/\/reports\.example\.com\/api\/7\/envelope\/\?.*sentry_key=public/);
    expect(init.headers).toEqual({ "Content-Type": "text/plain;charset=UTF-8" });
    expect(init.keepalive).toBe(true);
  });
});

describe("CSP", () => {
  it("lets the browser send reports to the configured service only", () => {
    expect(
      contentSecurityPolicy([], { upgradeInsecure: false, connectOrigins: ["https://reports.example.com"] }),
    ).toContain("connect-src 'self' https://reports.example.com;");
  });
});
