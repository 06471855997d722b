import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { HOSTILE_ENCODINGS, hostileBody, type HostileEncoding } from "./hostile-body";

/**
 * fast-check arbitraries for hostile HTTP requests (robustness tests): field values, form fields,
 * query strings, path segments, cookies and client addresses, and the check that a rejection carries a clear
 * message. The bodies themselves come from `hostileBody` (hostile-body.ts).
 */

/** Strings a form field should never choke on. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\u202Eevil\u202C",
  "مرحبا بالعالم",
  "👩‍👩‍👧‍👦🔥",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǒ̯̜",
  "x".repeat(20_000),
  "é".repeat(70_000),
  "a@b.co",
  "Str0ng&Unusual!",
  "DELETE",
  "123456",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "../../etc/passwd",
  "{}",
  "[]",
  "true",
  "null",
  "-1",
  "1e309",
  "NaN",
  "0x10",
  "9".repeat(400),
  "2024-02-30",
  "1899-01-01",
  "0000-01-01",
  "10000-01-01",
  // datetime-local values of days that do not exist (forms' schedule and event times).
  "0000-01-01T10:00",
  "2026-02-30T10:00",
  "10000-01-01T10:00",
  // Keyset cursors and instants that look right and are not (CI found /orders?after=…&q=…NUL… answering 500).
  "2026-02-30T00:00:00Z",
  "2026-01-01T24:00:00Z",
  "2026-01-01T00:00:00Z_00000000-0000-0000-0000-000000000000",
  "2026-02-30T00:00:00Z_00000000-0000-0000-0000-000000000000",
  "2026-02-30_00000000-0000-0000-0000-000000000000",
  "1~a\u0000b@example.com",
  "ann\u0000@example.com",
  "<script>alert(1)</script>",
  '\'; drop table "user"; --',
  "%00",
  "%E0%A4%A",
  "__proto__",
  "constructor",
  "online_store",
  "social_media",
  "free",
  "pro",
  "on",
  "off",
] as const;

/** A hostile field value: random text (code units, graphemes, unicode) or one of `NASTY_STRINGS`. */
export const hostileValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 120 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 60 }), weight: 2 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
);

/** Field names every form is sent on top of its own: prototype keys, empty and odd names. */
export const EXTRA_FIELD_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "",
  "intent[]",
  "a.b",
  "userId",
  "id",
  "emailVerified",
  "role",
  "\u0000",
  "x".repeat(300),
];

/**
 * Form fields: names from `names` (plus `EXTRA_FIELD_NAMES`), any of them missing, repeated or extra; the
 * `intent` field (when `intents` is given) is one of them or a hostile value.
 */
export function hostileFields(
  names: readonly string[],
  intents: readonly string[] = [],
): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...names, ...EXTRA_FIELD_NAMES), weight: 5 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  );
  const entries = fc.array(fc.tuple(name, hostileValue), { maxLength: 14 });
  if (intents.length === 0) return entries;
  const intent = fc.oneof(
    { arbitrary: fc.constantFrom(...intents), weight: 6 },
    { arbitrary: hostileValue, weight: 1 },
  );
  return fc
    .tuple(fc.array(intent, { minLength: 0, maxLength: 2 }), entries)
    .map(([chosen, rest]) => [...chosen.map((v): [string, string] => ["intent", v]), ...rest]);
}

/** The percent-encoding of `value`'s UTF-8 bytes (lone surrogates become U+FFFD), for URLs and cookies. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** Percent-escapes that do not decode (truncated, not hex, not UTF-8). */
const BROKEN_ESCAPES = ["%", "%E0%A4%A", "%zz", "%C0%80", "%ED%A0%80", "%FF", "%00", "%2e%2e%2f", "%252e"];

/** A path segment: a valid value from `valid`, random text percent-encoded, or a broken escape. */
export function hostileSegment(valid: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    ...(valid.length ? [{ arbitrary: fc.constantFrom(...valid), weight: 3 }] : []),
    { arbitrary: hostileValue.filter((v) => v.length < 2_000).map(percentEncode), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        ...BROKEN_ESCAPES,
        "..",
        ".",
        "x".repeat(3_000),
        "00000000-0000-0000-0000-000000000000",
        "%2F",
        "a;b=c",
        "a%3Fb",
      ),
      weight: 2,
    },
    { arbitrary: fc.uuid(), weight: 1 },
  );
}

/** Query parameters the app reads somewhere, and junk. */
export const QUERY_KEYS = [
  "from",
  "redirectTo",
  "token",
  "state",
  "code",
  "error",
  "tab",
  "step",
  "verified",
  "plan",
  "method",
  "callbackURL",
  "type",
  "page",
  "q",
  "_data",
  "index",
  "after",
  "sort",
  "status",
  "range",
  "to",
  "stripe_after",
  "key",
  "edit",
  "__proto__",
];

/** A query string ("" or "?…"): known and random keys, hostile values, repeated keys and broken escapes. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(""), weight: 2 },
  {
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 10 })),
          fc.oneof(
            { arbitrary: hostileValue.filter((v) => v.length < 5_000).map(percentEncode), weight: 4 },
            { arbitrary: fc.constantFrom(...BROKEN_ESCAPES, "2", "1.5", "register", "true", "backup"), weight: 2 },
          ),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${percentEncode(k)}=${v}`).join("&")}`),
    weight: 5,
  },
  {
    arbitrary: fc.constantFrom(
      "?",
      "?&&&",
      "?=",
      "?a",
      "?a=1&a=2&a=3",
      "?%",
      `?${"x".repeat(8_000)}`,
      "?from=%2F%2Fevil.example",
      "?tab=register&step=2&verified=true",
    ),
    weight: 1,
  },
);

/**
 * Values a query parameter should never choke on. They hold days PostgreSQL has no date for (year 0000, past 9999,
 * Feb 30), cursors built on them, numbers past every integer type, NUL characters and very long text.
 */
export const HOSTILE_QUERY_VALUES = [
  "0000-01-01",
  "0000-12-31",
  "10000-01-01",
  "9999-12-31",
  "0001-01-01",
  "2026-02-30",
  "2026-02-29",
  "2024-02-29",
  "2026-13-01",
  "2026-00-10",
  "0000-01",
  "10000-01",
  "2026-13",
  "0000-01-01T10:00",
  "2026-02-30T10:00",
  "0000-01-01T00:00:00Z",
  "10000-01-01T00:00:00Z",
  "2026-02-30T00:00:00Z",
  "0000-01-01T00:00:00Z_00000000-0000-0000-0000-000000000000",
  "0000-01-01_00000000-0000-0000-0000-000000000000",
  "0000-01-01T00:00:00Z~a@b.co",
  "99999999999999999999",
  "9".repeat(400),
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "1.5",
  "\u0000",
  "a\u0000b",
  "x".repeat(4_000),
  "é".repeat(1_500),
  "__proto__",
  "",
] as const;

/**
 * A query string for a route that reads `keys`, set to hostile values (mostly `HOSTILE_QUERY_VALUES`). It also
 * repeats keys (`?from=a&from=b`, an array to some readers) and breaks escapes.
 */
export function hostileQueryFor(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.constantFrom(...keys);
  const value = fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES), weight: 6 },
    { arbitrary: hostileValue.filter((v) => v.length < 4_000), weight: 2 },
  );
  const pair = fc.tuple(key, value).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  const repeated = fc
    .tuple(key, value, value)
    .map(([k, a, b]) => `${percentEncode(k)}=${percentEncode(a)}&${percentEncode(k)}=${percentEncode(b)}`);
  const broken = fc.tuple(key, fc.constantFrom(...BROKEN_ESCAPES)).map(([k, v]) => `${percentEncode(k)}=${v}`);
  return fc
    .array(
      fc.oneof({ arbitrary: pair, weight: 6 }, { arbitrary: repeated, weight: 2 }, { arbitrary: broken, weight: 1 }),
      { minLength: 1, maxLength: 5 },
    )
    .map((parts) => `?${parts.join("&")}`);
}

/** A cookie value as a browser could send it (only visible ASCII, no `;` or `,`). */
const cookieValue: fc.Arbitrary<string> = fc.oneof(
  hostileValue.filter((v) => v.length < 3_000).map(percentEncode),
  fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_=+/%"),
    maxLength: 80,
  }),
  fc.constantFrom(...BROKEN_ESCAPES, "abc.def", "a.b.c", "x".repeat(4_000), '"quoted"'),
);

/** A toast cookie: garbage, base64 garbage, or base64 JSON of the wrong shape. */
const toastValue: fc.Arbitrary<string> = fc.oneof(
  cookieValue,
  fc
    .jsonValue({ maxDepth: 3 })
    .map((json) => encodeURIComponent(Buffer.from(JSON.stringify(json) ?? "null").toString("base64"))),
  fc
    .record({
      type: fc.constantFrom("success", "error", "info", "nope", 1),
      title: fc.oneof(hostileValue, fc.integer()),
      description: hostileValue,
    })
    .map((toast) => encodeURIComponent(Buffer.from(JSON.stringify(toast)).toString("base64"))),
);

/**
 * A Cookie header: forged session tokens, toast, time-zone and OAuth-state cookies with hostile values,
 * repeated names, the `__Secure-` variants; `session` (a real signed-in cookie pair) may be mixed in.
 */
export function hostileCookies(session?: string): fc.Arbitrary<string> {
  const pair = fc.oneof(
    cookieValue.map((v) => `sellkit.session_token=${v}`),
    cookieValue.map((v) => `__Secure-sellkit.session_token=${v}`),
    toastValue.map((v) => `sellkit.toast=${v}`),
    fc
      .oneof(
        cookieValue,
        fc.constantFrom(
          "Europe/Paris",
          "Mars/Olympus",
          "../../etc",
          "UTC",
          "Etc/GMT+14",
          "America/Argentina/ComodRivadavia",
        ),
      )
      .map((v) => `sellkit.tz=${v}`),
    cookieValue.map((v) => `sellkit.oauth_state=${v}`),
    cookieValue.map((v) => `sellkit.session_data=${v}`),
    fc
      .tuple(fc.string({ unit: fc.constantFrom(..."abcxyz._-"), minLength: 1, maxLength: 8 }), cookieValue)
      .map(([n, v]) => `${n}=${v}`),
    fc.constantFrom("=", ";", "noequals", "sellkit.session_token", "a=b;;;c=d"),
  );
  // At most 4 KB of hostile pairs (a browser's cookie size limit): with a long URL the headers stay under Node's 16 KB
  // limit, beyond which Node answers 431 and resets the connection before the app runs.
  return fc
    .tuple(fc.array(pair, { maxLength: 4 }), fc.boolean())
    .map(([pairs, withSession]) =>
      [
        ...(session && withSession ? [session] : []),
        pairs.join("; ").slice(0, 4_096),
        ...(session && !withSession ? [session] : []),
      ]
        .filter(Boolean)
        .join("; "),
    );
}

/** A client address in X-Forwarded-For (believed only from trusted proxies): fresh, shared, malformed, a chain. */
export const hostileForwardedFor: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.ipV4(),
  fc.ipV6(),
  fc.tuple(fc.ipV4(), fc.ipV4()).map(([a, b]) => `${a}, ${b}`),
  fc.constantFrom("unknown", "", "999.1.1.1", "1.2.3.4, , garbage", "x".repeat(500), "::ffff:127.0.0.1"),
);

/** An Accept header: a browser's, an API client's, none, or junk. */
export const hostileAccept: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  "text/html,application/xhtml+xml",
  "application/json",
  "*/*",
  "text/event-stream",
  "image/png",
  "garbage/;;;",
  "",
);

export type HostileRequestSpec = {
  method: "GET" | "POST";
  path: string;
  query: string;
  cookie: string;
  forwardedFor?: string;
  accept?: string;
  fields: [string, string][];
  encoding: HostileEncoding;
  /** Origin header: our own (passes the CSRF check), absent or foreign (403 expected). */
  origin: "own" | "none" | "foreign";
};

/** The request `spec` describes, as fetch() arguments against `origin`. */
export function toFetch(origin: string, spec: HostileRequestSpec): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (spec.method === "POST") {
    const made = hostileBody(spec.fields, spec.encoding, "profilePicture");
    Object.assign(headers, made.headers);
    body = made.body;
    if (spec.origin === "own") headers.origin = origin;
    if (spec.origin === "foreign") headers.origin = "https://evil.example";
  }
  if (spec.cookie) headers.cookie = spec.cookie;
  if (spec.forwardedFor !== undefined) headers["x-forwarded-for"] = spec.forwardedFor;
  if (spec.accept !== undefined) headers.accept = spec.accept;
  return {
    url: `${origin}${spec.path}${spec.query}`,
    init: { method: spec.method, headers, body, redirect: "manual" },
  };
}

/** A request to `paths` (already hostile where they have parameters) with everything else hostile too. */
export function hostileRequest(options: {
  paths: fc.Arbitrary<string>;
  methods: readonly ("GET" | "POST")[];
  fields: readonly string[];
  intents?: readonly string[];
  session?: string;
}): fc.Arbitrary<HostileRequestSpec> {
  return fc.record({
    method: fc.constantFrom(...options.methods),
    path: options.paths,
    query: hostileQuery,
    cookie: hostileCookies(options.session),
    forwardedFor: hostileForwardedFor,
    accept: hostileAccept,
    fields: hostileFields(options.fields, options.intents),
    encoding: fc.oneof(
      { arbitrary: fc.constantFrom<HostileEncoding>("urlencoded", "multipart"), weight: 3 },
      { arbitrary: fc.constantFrom(...HOSTILE_ENCODINGS), weight: 2 },
    ),
    origin: fc.oneof(
      { arbitrary: fc.constant<"own">("own"), weight: 8 },
      { arbitrary: fc.constantFrom<"none" | "foreign">("none", "foreign"), weight: 1 },
    ),
  });
}

/** Stack traces or internals a message must never show. */
const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules/,
  /ZodError/,
  /TypeError:|ReferenceError:|SyntaxError:/,
  /\bSELECT\b[\s\S]+\bFROM\b\s+"/,
];

/** The visible text of an HTML document (scripts, styles and tags removed). */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Why a 4xx answer does not carry a clear message, or null when it does. "Clear" means:
 * - HTML: a page with a non-empty <h1> and at least 3 words of visible text (the page says what went wrong);
 * - JSON: an object with a non-empty `message` or `error` string, or a string with words ("Not found");
 * - any other type: at least one word of text (e.g. "Not found", "Method Not Allowed");
 * - 431 (headers larger than Node's limit) is answered by Node's HTTP parser before the app runs: its reason
 *   phrase "Request Header Fields Too Large" is the message;
 * and never a stack trace, a module path or an internal error name.
 */
export function unclearRejection(status: number, contentType: string, body: string): string | null {
  if (status < 400 || status >= 500) return null;
  for (const leak of LEAKS) if (leak.test(body)) return `${status} leaks internals (${leak})`;
  if (status === 431 && body === "") return null;
  if (contentType.includes("text/html")) {
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1];
    if (!heading || !visibleText(heading)) return `${status} HTML page without a heading`;
    const words = visibleText(body)
      .split(" ")
      .filter((w) => /\p{L}/u.test(w));
    return words.length >= 3 ? null : `${status} HTML with almost no text`;
  }
  if (contentType.includes("json")) {
    try {
      const json = JSON.parse(body) as { message?: unknown; error?: unknown } | string | null;
      const text =
        typeof json === "string" ? json : json && typeof json === "object" ? (json.message ?? json.error) : undefined;
      return typeof text === "string" && /\p{L}{2,}/u.test(text)
        ? null
        : `${status} JSON without message/error: ${body.slice(0, 120)}`;
    } catch {
      return `${status} JSON that does not parse: ${body.slice(0, 120)}`;
    }
  }
  return /\p{L}{2,}/u.test(body)
    ? null
    : `${status} ${contentType || "no type"} without text: ${JSON.stringify(body.slice(0, 120))}`;
}

export type RawAnswer = { status: number; contentType: string; body: string };

/**
 * Sends `init` to `url` on a connection of its own (`Connection: close`), so one request's unread body can
 * never stall the next one; an event stream is cut after its headers. Rejects on timeout or a dropped connection.
 */
export async function sendOnOwnConnection(url: string, init: RequestInit, timeoutMs = 20_000): Promise<RawAnswer> {
  const prepared = new Request(url, init);
  const body = init.body === undefined ? undefined : Buffer.from(await prepared.arrayBuffer());
  const headers: Record<string, string> = {};
  prepared.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body) headers["content-length"] = String(body.length);
  headers.connection = "close";
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: prepared.method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const contentType = String(res.headers["content-type"] ?? "");
      if (contentType.includes("text/event-stream")) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, contentType, body: "" });
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, contentType, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", (error: Error) => reject(Object.assign(error, { bodyBytes: body?.length ?? 0 })));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error: Error & { bodyBytes?: number }) =>
      reject(Object.assign(error, { bodyBytes: body?.length ?? 0 })),
    );
    req.end(body);
  });
}

/** A short, log-friendly description of a request (for failure messages). */
export function describeRequest(spec: HostileRequestSpec): string {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length})` : s);
  return `${spec.method} ${cut(spec.path + spec.query)} [${spec.encoding}, origin ${spec.origin}] cookie=${cut(spec.cookie)} fields=${cut(JSON.stringify(spec.fields))}`;
}
