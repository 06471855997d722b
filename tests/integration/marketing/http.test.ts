import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "~/domains/marketing/content/public-pages";
import { rawRequest } from "../../support/raw-http";
import { startTestServer, type TestServer } from "../../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'/);
}

describe("public site over HTTP", () => {
  it.each(PUBLIC_PATHS)("serves %s prerendered with status 200 and security headers", async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("etag")).toBeTruthy();
    expectSecurityHeaders(response);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+Sellkit|<title>Sellkit<\/title>/);
    expect(html).toContain('name="description"');
    expect(html).toContain('property="og:title"');
  });

  it.each(["/nope", "/tier/platinum", "/blog/not-a-post", "/assets/missing.js", "/dashboardx/deep/path"])(
    "answers %s with 404 and the not-found page",
    async (path) => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expectSecurityHeaders(response);
      const html = await response.text();
      if (!path.startsWith("/assets/")) {
        expect(html).toContain("404");
        expect(html).toContain("Oops! Page not found");
        expect(html).toContain("Return to Home");
      }
    },
  );

  it("ships no script at all on pages with nothing interactive", async () => {
    for (const path of [
      "/",
      "/privacy",
      "/terms",
      "/about",
      "/blog",
      "/features",
      "/pricing",
      "/tier/pro",
      "/learn",
      "/help",
    ]) {
      const html = await (await server.request(path)).text();
      expect(html, path).not.toContain("<script");
    }
  });

  it("hydrates the contact page with hashed inline scripts only", async () => {
    const response = await server.request("/contact");
    const csp = response.headers.get("content-security-policy") ?? "";
    const html = await response.text();
    expect(html).toContain("<script");
    expect(csp).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("renders per request (with a nonce) when the visitor carries a session cookie", async () => {
    const response = await server.request("/", { headers: { cookie: "sellkit.session_token=abc" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeNull();
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  it("compresses prerendered pages and revalidates with ETag", async () => {
    const first = await server.request("/pricing", { headers: { "accept-encoding": "gzip" } });
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const again = await server.request("/pricing", { headers: { "if-none-match": first.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    // Compressed on the first request for each encoding (server/compressed-body.ts): every encoding is the page.
    const plain = await server.request("/pricing", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("<title>");
    const brotli = await server.request("/pricing", { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text()).toBe(html);
    expect(await first.text()).toBe(html);
  });

  it("compresses rendered pages, not their small navigation data (.data)", async () => {
    const headers = { "accept-encoding": "gzip, br", cookie: "sellkit.session_token=abc" };
    const page = await server.request("/pricing", { headers });
    expect(page.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    await page.arrayBuffer();
    const data = await server.request("/pricing.data", { headers });
    expect(data.status).toBe(200);
    expect(data.headers.get("content-encoding")).toBeNull();
    await data.arrayBuffer();
  });

  it("caches hashed assets for a year", async () => {
    const html = await (await server.request("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await server.request(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("lists every public page in sitemap.xml with the APP_URL origin, and points robots.txt at it", async () => {
    const sitemap = await (await server.request("/sitemap.xml")).text();
    for (const path of PUBLIC_PATHS) expect(sitemap).toContain(`<loc>${server.origin}${path}</loc>`);
    const robots = await (await server.request("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${server.origin}/sitemap.xml`);
    expect(robots).toContain("Disallow: /dashboard");
  });

  it("redirects the share buttons to the network with the article's absolute URL", async () => {
    const response = await server.request("/blog/selling-at-craft-fairs/share/facebook");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain(
      encodeURIComponent(`${server.origin}/blog/selling-at-craft-fairs`),
    );
    expect((await server.request("/blog/selling-at-craft-fairs/share/myspace")).status).toBe(404);
  });
});

/**
 * Opens `connections` connections at once, each asking for `path` again once answered, until all had an answer.
 * It returns, per connection, how many answers the server had given when its first came.
 */
function answersBeforeEachFirst(origin: string, path: string, connections: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const firsts = new Map<Socket, number>();
  let answers = 0;
  return new Promise<number[]>((resolve, reject) => {
    const ask = () => {
      const request = http.get(`${origin}${path}`, { agent }, (response) => {
        response.resume();
        response.on("end", () => {
          answers += 1;
          if (!firsts.has(request.socket as Socket)) firsts.set(request.socket as Socket, answers);
          if (firsts.size < connections) ask();
          else resolve([...firsts.values()]);
        });
      });
      request.on("error", reject);
    };
    for (let i = 0; i < connections; i += 1) ask();
  }).finally(() => agent.destroy());
}

describe("under load", () => {
  it("answers new connections in turn while it is busy with rendered pages", async () => {
    // Node accepts one connection per turn of its event loop: a turn that rendered every waiting page would
    // make the last of 40 new connections wait for hundreds of answers to the first ones.
    const firsts = await answersBeforeEachFirst(server.origin, "/nope", 40);
    expect(Math.max(...firsts)).toBeLessThan(40 * 3);
  });
});

describe("in production", () => {
  it.each([
    ["an HTTPS origin", "https://shop.example.com", true],
    ["a plain-HTTP origin (a production build on 127.0.0.1)", "", false],
  ] as const)(
    "on %s, upgrade-insecure-requests is sent only where the site speaks TLS; HSTS always",
    async (_, appUrl, upgrades) => {
      const production = await startTestServer({ NODE_ENV: "production", ...(appUrl ? { APP_URL: appUrl } : {}) });
      try {
        // As a proxy in front of the app sends it: the Host of APP_URL (fetch cannot set Host).
        const host = new URL(appUrl || production.origin).host;
        const answer = await rawRequest(
          production.origin,
          `GET /pricing HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status).toBe(200);
        expect(/^content-security-policy:.*upgrade-insecure-requests/im.test(answer.head)).toBe(upgrades);
        expect(answer.head).toMatch(/^strict-transport-security: max-age=63072000; includeSubDomains$/im);
      } finally {
        await production.stop();
      }
    },
  );
});
