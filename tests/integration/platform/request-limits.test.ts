import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_FORM_BODY_LIMIT_BYTES, FORM_BODY_LIMIT_BYTES, FORM_BODY_TIMEOUT_MS } from "~/server/http/body-limits";
import { HEADERS_TIMEOUT_MS, TOO_LARGE_MESSAGE, UNKNOWN_HOST_MESSAGE } from "../../../server/request-limits";
import { rawRequest } from "../../support/raw-http";
import { startTestServer, type TestServer } from "../../support/test-server";

/**
 * Bodies are capped per route before they are read, slow bodies and headers are cut
 * off, only this site's host names are answered, the CSRF check compares with APP_URL only, and no token
 * reaches the request log.
 */
let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({}, { logDestination: { write: (line) => void logLines.push(line) } });
});
afterAll(() => server.stop());

const raw = (head: string, body = "", waitMs?: number) => rawRequest(server.origin, head, body, waitMs);
const hostHeader = () => new URL(server.origin).host;

describe("request body limits", () => {
  it("answers a 300 MB form post with 413 and a message at once, without reading it", async () => {
    const head = `POST /contact HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${300 * 1024 * 1024}\r\nAccept: text/html\r\n\r\n`;
    const answer = await raw(head, "name=x&");
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(TOO_LARGE_MESSAGE);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it("refuses a form body just over the form cap, and a 50 MB picture on the settings page, signed out or not", async () => {
    const over = await server.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"a".repeat(FORM_BODY_LIMIT_BYTES)}`,
    });
    expect(over.status).toBe(413);
    expect((await over.text()).length).toBeGreaterThan(0);
    for (const path of ["/settings", "/auth", "/api/auth/sign-in/email", "/settings.data"]) {
      const head = `POST ${path} HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${server.origin}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`;
      const answer = await raw(head, "--x\r\n");
      expect({ path, status: answer.status }).toEqual({ path, status: 413 });
      expect(answer.body).toContain(TOO_LARGE_MESSAGE);
    }
  });

  it("lets a form with a picture up to the avatar cap through to the page (which answers in its own words)", async () => {
    const body = `--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\npersonal\r\n--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"a".repeat(AVATAR_FORM_BODY_LIMIT_BYTES - 400)}\r\n--x--\r\n`;
    const response = await server.request("/settings", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body,
    });
    expect(response.status).not.toBe(413);
  });

  it("refuses a body without a declared length (chunked) with 411", async () => {
    const head = `POST /contact HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const answer = await raw(head, "5\r\nname=\r\n");
    expect(answer.status).toBe(411);
  });
});

describe("slow requests", () => {
  it.concurrent(
    "cuts off a form body that stalls, with 408, within the form body time",
    async () => {
      const head = `POST /contact HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${server.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\nAccept: text/html\r\n\r\n`;
      const answer = await raw(head, "name=slow&", FORM_BODY_TIMEOUT_MS + 5_000);
      expect(answer.status).toBe(408);
      expect(answer.ms).toBeGreaterThanOrEqual(FORM_BODY_TIMEOUT_MS - 100);
      expect(answer.ms).toBeLessThan(FORM_BODY_TIMEOUT_MS + 3_000);
    },
    FORM_BODY_TIMEOUT_MS + 10_000,
  );

  it.concurrent(
    "closes a connection whose headers never finish, within the headers time",
    async () => {
      const answer = await raw(`GET / HTTP/1.1\r\nHost: ${hostHeader()}\r\nX-Slow: `, "", HEADERS_TIMEOUT_MS + 8_000);
      expect(answer.closed).toBe(true);
      expect(answer.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 6_000); // Node checks every few seconds
    },
    HEADERS_TIMEOUT_MS + 12_000,
  );
});

describe("host names and origins", () => {
  it("refuses requests for another host name (DNS rebinding), the dev mailbox included, but not the health checks", async () => {
    for (const path of ["/", "/dev/mailbox", "/auth"]) {
      const answer = await raw(
        `GET ${path} HTTP/1.1\r\nHost: rebind.attacker.example\r\nAccept: text/html\r\nConnection: close\r\n\r\n`,
      );
      expect({ path, status: answer.status }).toEqual({ path, status: 421 });
      expect(answer.body).toContain(UNKNOWN_HOST_MESSAGE);
    }
    expect((await raw(`GET /healthz HTTP/1.1\r\nHost: 10.1.2.3:3000\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    // A loopback name of the same server is the same site in local use.
    const port = new URL(server.origin).port;
    expect((await raw(`GET /robots.txt HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(
      200,
    );
    expect((await raw(`GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:1\r\nConnection: close\r\n\r\n`)).status).toBe(421);
  });

  it("takes the CSRF reference from APP_URL, never from the Host header", async () => {
    const body = "name=Ada&email=ada%40example.com&subject=Hello&message=Hello%20there%20friend";
    // Before: Origin equal to http://<Host> passed, whatever the Host was.
    const forged = await raw(
      `POST /contact HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(forged.status).toBe(403);
    const rebound = await raw(
      `POST /contact HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(rebound.status).toBe(421);
  });
});

describe("request log", () => {
  it("never logs a token of a reset, verification or magic link", async () => {
    const secret = "Zq7RESETtoken0123456789abcdef";
    await server.request(`/api/auth/reset-password/${secret}?callbackURL=%2Freset-password`);
    await server.request(`/api/auth/verify-email?token=${secret}`);
    await server.request(`/api/auth/magic-link/verify?token=${secret}`);
    await expect.poll(() => logLines.filter((line) => line.includes("/api/auth/")).length).toBeGreaterThanOrEqual(3);
    expect(logLines.join("\n")).not.toContain(secret);
    expect(logLines.join("\n")).toContain("/api/auth/reset-password/[redacted]");
  });
});
