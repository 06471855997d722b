import { request as httpRequest } from "node:http";
import type { TestServer } from "./test-server";

/** Raw tus 1.0 requests against a test server (each with the owner's cookie and our Origin). */
export function tusRequests(server: TestServer, cookie: string | null) {
  const base = (extra: Record<string, string> = {}) => ({
    "tus-resumable": "1.0.0",
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
      .join(",");
  return {
    create(fields: Record<string, string>, length: number | string) {
      return server.request("/api/uploads", {
        method: "POST",
        headers: base({ "upload-length": String(length), "upload-metadata": metadata(fields) }),
      });
    },
    patch(location: string, offset: number, body: Uint8Array, extra: Record<string, string> = {}) {
      return server.request(location, {
        method: "PATCH",
        headers: base({ "upload-offset": String(offset), "content-type": "application/offset+octet-stream", ...extra }),
        body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) as unknown as BodyInit,
      });
    },
    head(location: string) {
      return server.request(location, { method: "HEAD", headers: base() });
    },
    delete(location: string) {
      return server.request(location, { method: "DELETE", headers: base() });
    },
    /**
     * A PATCH whose connection drops after `sent` of the declared bytes (a dropped connection): resolves once
     * the socket is gone.
     */
    interruptedPatch(
      location: string,
      offset: number,
      body: Uint8Array,
      sent: number,
      extra: Record<string, string> = {},
    ) {
      return new Promise<void>((resolve) => {
        const req = httpRequest(`${server.origin}${location}`, {
          method: "PATCH",
          headers: {
            ...base({
              "upload-offset": String(offset),
              "content-type": "application/offset+octet-stream",
              origin: server.origin,
              ...extra,
            }),
            "content-length": String(body.length),
          },
        });
        req.on("error", () => resolve());
        req.on("close", () => resolve());
        req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 200));
      });
    },
  };
}
