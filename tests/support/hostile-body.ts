/**
 * How a hostile request encodes its fields: "garbage" is a multipart type whose body does not match its boundary;
 * "bad-json" is a JSON type with a body that is not JSON; "no-type" sends url-encoded fields without a
 * Content-Type; "octet" sends random-looking bytes as application/octet-stream; "invalid-utf8" is url-encoded
 * with percent-escapes and raw bytes that are not UTF-8 (lone surrogates, overlongs, 0xFF); "multipart-truncated"
 * is a multipart body cut off in the middle of a part; "multipart-no-boundary" a multipart type without a boundary.
 */
export type HostileEncoding =
  | "urlencoded"
  | "multipart"
  | "json"
  | "text"
  | "garbage"
  | "bad-json"
  | "no-type"
  | "octet"
  | "invalid-utf8"
  | "multipart-truncated"
  | "multipart-no-boundary";

export const HOSTILE_ENCODINGS: readonly HostileEncoding[] = [
  "urlencoded",
  "multipart",
  "json",
  "text",
  "garbage",
  "bad-json",
  "no-type",
  "octet",
  "invalid-utf8",
  "multipart-truncated",
  "multipart-no-boundary",
];

/** Byte sequences that are not valid UTF-8 (a CESU-encoded lone surrogate, an overlong NUL, a stray 0xFF…). */
const INVALID_UTF8 = ["%ED%A0%80", "%C0%80", "%FF%FE", "%E0%A4%A", "%", "%%41", "%F4%90%80%80"];

/**
 * The body and headers of a generated request for robustness tests. In a multipart body, `file` is added as
 * an SVG disguised as a PNG.
 */
export function hostileBody(
  entries: [string, string][],
  encoding: HostileEncoding,
  file?: string,
): { body: BodyInit; headers: Record<string, string> } {
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    if (file) form.append(file, new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "x.png");
    return { body: form, headers: {} };
  }
  if (encoding === "json")
    return { body: JSON.stringify(Object.fromEntries(entries)), headers: { "content-type": "application/json" } };
  if (encoding === "garbage")
    return {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { "content-type": "multipart/form-data; boundary=y" },
    };
  if (encoding === "bad-json")
    return {
      body: `{"intent": ${JSON.stringify(entries[0]?.[1] ?? "")}, "a": [1, 2,, }`,
      headers: { "content-type": "application/json" },
    };
  if (encoding === "no-type") return { body: new Blob([new URLSearchParams(entries).toString()]), headers: {} };
  if (encoding === "octet")
    return {
      body: new Uint8Array(Buffer.from(entries.flat().join("\u0000"), "utf8").map((byte, i) => byte ^ (i * 31))),
      headers: { "content-type": "application/octet-stream" },
    };
  if (encoding === "invalid-utf8") {
    const parts = entries.map(
      ([name, value], i) =>
        `${encodeURIComponent(toWellFormed(name))}=${encodeURIComponent(toWellFormed(value))}${INVALID_UTF8[i % INVALID_UTF8.length]}`,
    );
    const bytes = Buffer.concat([
      Buffer.from(parts.join("&"), "latin1"),
      Buffer.from([0x26, 0x78, 0x3d, 0xff, 0xfe, 0x00, 0xc3]),
    ]);
    return {
      body: new Uint8Array(bytes),
      headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    };
  }
  if (encoding === "multipart-truncated" || encoding === "multipart-no-boundary") {
    const boundary = "----sellkitfuzz";
    const parts = entries
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`,
      )
      .join("");
    const body = `${parts}--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
    const type =
      encoding === "multipart-no-boundary" ? "multipart/form-data" : `multipart/form-data; boundary=${boundary}`;
    return { body: new Uint8Array(Buffer.from(body, "utf8")), headers: { "content-type": type } };
  }
  return {
    body: new URLSearchParams(entries).toString(),
    headers: { "content-type": encoding === "text" ? "text/plain" : "application/x-www-form-urlencoded" },
  };
}

/** `value` with lone surrogates replaced (encodeURIComponent throws on them). */
function toWellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
