import type { CookieJar } from "./cookie-jar";
import type { TestServer } from "./test-server";

/** Form fields as a test writes them: a list repeats the field, a Blob is sent as a file. */
export type FormFields = Record<string, string | string[] | Blob>;

/** The multipart body a browser sends for `fields` (a Blob as `picture.png`). */
export function multipartBody(fields: FormFields): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) body.append(name, item);
    else if (value instanceof Blob) body.append(name, value, "picture.png");
    else body.append(name, value);
  }
  return body;
}

function urlEncodedBody(fields: FormFields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) throw new Error(`field ${name}: a file needs { multipart: true }`);
    for (const item of [value].flat()) body.append(name, item);
  }
  return body;
}

/**
 * Posts a form like a browser without JavaScript: from client address `ip` (the server must trust loopback
 * proxies) with the cookies of `jar`, which keeps those the answer sets. URL-encoded unless `multipart`.
 */
export async function postForm(
  server: TestServer,
  path: string,
  fields: FormFields,
  options: { jar?: CookieJar; ip?: string; multipart?: boolean } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  if (options.jar) headers.cookie = options.jar.header();
  const body = options.multipart ? multipartBody(fields) : urlEncodedBody(fields);
  const response = await server.request(path, { method: "POST", body, headers });
  options.jar?.store(response);
  return response;
}

/** The toast a response carries to the next page (the one-shot `sellkit.toast` cookie: base64 JSON). */
export function toastOf(response: Response): { type: string; title: string; description?: string } | undefined {
  const value = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("sellkit.toast="))
    ?.split(";")[0]
    ?.slice("sellkit.toast=".length);
  return value ? JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) : undefined;
}
