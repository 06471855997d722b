/** How a hostile request encodes its fields: "garbage" is a multipart type whose body does not match its boundary. */
export type HostileEncoding = "urlencoded" | "multipart" | "json" | "text" | "garbage";

/**
 * The body and headers of a generated request for robustness tests. In a multipart body, `file` is added as
 * an SVG disguised as a PNG.
 */
export function hostileBody(entries: [string, string][], encoding: HostileEncoding, file?: string): { body: BodyInit; headers: Record<string, string> } {
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    if (file) form.append(file, new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "x.png");
    return { body: form, headers: {} };
  }
  if (encoding === "json") return { body: JSON.stringify(Object.fromEntries(entries)), headers: { "content-type": "application/json" } };
  if (encoding === "garbage") return { body: "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb", headers: { "content-type": "multipart/form-data; boundary=y" } };
  return { body: new URLSearchParams(entries).toString(), headers: { "content-type": encoding === "text" ? "text/plain" : "application/x-www-form-urlencoded" } };
}
