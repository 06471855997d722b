import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createStorePageCache } from "../../server/store-page-cache";
import { PERSONALISED_COOKIE_PATTERN } from "~/server/http/session-cookie.server";

// The store pages' microcache (server/store-page-cache.ts), with a counting stand-in for the render.

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(options: { seconds: number; status?: number; now?: () => number; cacheControl?: string }) {
  let renders = 0;
  let version = 0;
  const app = express();
  app.use(
    createStorePageCache({
      csp: "default-src 'self'",
      seconds: options.seconds,
      personalised: PERSONALISED_COOKIE_PATTERN,
      now: options.now,
      async render(req) {
        renders += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return {
          status: options.status ?? 200,
          headers: new Headers({
            "content-type": "text/html; charset=utf-8",
            "cache-control": options.cacheControl ?? "public, max-age=0, must-revalidate",
            "set-cookie": "x=1",
          }),
          body: Buffer.from(`<html>${req.path} v${version}</html>`),
        };
      },
    }),
  );
  app.use((_req, res) => void res.status(299).send("rendered per request"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, renders: () => renders, bump: () => (version += 1) };
}

describe("store page cache", () => {
  it("renders a page once for concurrent signed-out visitors and serves it from memory, compressed, with its headers", async () => {
    const app = await serve({ seconds: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.origin}/s/ada/planner?x=1`)));
    expect(app.renders()).toBe(1);
    expect(new Set(await Promise.all(answers.map((r) => r.text())))).toEqual(
      new Set(["<html>/s/ada/planner v0</html>"]),
    );
    const [first] = answers;
    expect(first!.headers.get("content-encoding")).toMatch(/br|gzip/);
    expect(first!.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(first!.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(first!.headers.get("set-cookie")).toBeNull();
    const etag = first!.headers.get("etag")!;
    expect((await fetch(`${app.origin}/s/ada/planner`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("renders again once the time is up", async () => {
    let clock = 1_000_000;
    const app = await serve({ seconds: 5, now: () => clock });
    await fetch(`${app.origin}/s/ada`);
    app.bump();
    expect(await (await fetch(`${app.origin}/s/ada`)).text()).toBe("<html>/s/ada v0</html>");
    clock += 5_000;
    expect(await (await fetch(`${app.origin}/s/ada`)).text()).toBe("<html>/s/ada v1</html>");
    expect(app.renders()).toBe(2);
  });

  it("leaves signed-in visitors, other paths, other methods, uncached statuses and a zero setting to the app", async () => {
    const app = await serve({ seconds: 5 });
    for (const [path, init] of [
      ["/s/ada", { headers: { cookie: "sellkit.session_token=abc" } }],
      ["/s/ada", { headers: { cookie: "a=b; sellkit.toast=xyz" } }],
      ["/s/ada.data", {}],
      ["/s/ada/b/c/d", {}],
      ["/dashboard", {}],
      ["/s/ada", { method: "POST" }],
    ] as const) {
      expect((await fetch(`${app.origin}${path}`, init)).status, path).toBe(299);
    }
    expect(app.renders()).toBe(0);
    close?.();
    const missing = await serve({ seconds: 5, status: 404 });
    expect((await fetch(`${missing.origin}/s/nobody`)).status).toBe(299);
    close?.();
    const off = await serve({ seconds: 0 });
    expect((await fetch(`${off.origin}/s/ada`)).status).toBe(299);
    expect(off.renders()).toBe(0);
  });

  it("renders a buy page asked for a variant, and a page its render marks unshared, per request", async () => {
    const app = await serve({ seconds: 5 });
    expect((await fetch(`${app.origin}/s/ada/mug/buy?variant=abc&quantity=2`)).status).toBe(299);
    expect((await fetch(`${app.origin}/s/ada/mug/buy`)).status).toBe(200);
    expect(app.renders()).toBe(1);
    close?.();
    const scripted = await serve({ seconds: 5, cacheControl: "private, no-store" });
    expect((await fetch(`${scripted.origin}/s/ada/mug/buy`)).status).toBe(299);
    expect((await fetch(`${scripted.origin}/s/ada/mug/buy`)).status).toBe(299);
    expect(scripted.renders()).toBe(2);
  });

  it("keeps an archived product's 410 page", async () => {
    const app = await serve({ seconds: 5, status: 410 });
    expect((await fetch(`${app.origin}/s/ada/old`)).status).toBe(410);
    expect((await fetch(`${app.origin}/s/ada/old`)).status).toBe(410);
    expect(app.renders()).toBe(1);
  });
});
