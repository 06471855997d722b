import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { EMBED_BUDGET_BYTES, EMBED_BUNDLE } from "../../scripts/build-embed.mjs";
import {
  allowedOriginsOf,
  embedQueryOf,
  parseAllowedOrigin,
  withEmbedQuery,
} from "~/domains/sales-methods/embed/allowed-origins";
import { acceptEmbedMessage, isEmbedMessage } from "~/domains/sales-methods/embed/embed-protocol";

const ORDER = "5f0c1a9e-0000-4000-8000-000000000000";
const APP = "https://sellkit.example";

describe("embed messages", () => {
  it("accepts only well-formed version 1 messages", () => {
    expect(isEmbedMessage({ v: 1, type: "ready" })).toBe(true);
    expect(isEmbedMessage({ v: 1, type: "close" })).toBe(true);
    expect(isEmbedMessage({ v: 1, type: "resize", height: 640 })).toBe(true);
    expect(isEmbedMessage({ v: 1, type: "success", orderId: ORDER })).toBe(true);
    for (const bad of [
      null,
      "ready",
      { type: "ready" },
      { v: 2, type: "ready" },
      { v: "1", type: "ready" },
      { v: 1, type: "loaded" },
      { v: 1, type: "resize", height: -1 },
      { v: 1, type: "resize", height: Number.NaN },
      { v: 1, type: "resize", height: "640" },
      { v: 1, type: "success" },
      { v: 1, type: "success", orderId: "<img src=x>" },
    ]) {
      expect(isEmbedMessage(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("takes a message only from the exact frame window and origin", () => {
    const frame = {};
    const expected = { origin: APP, source: frame };
    const data = { v: 1, type: "success", orderId: ORDER };
    expect(acceptEmbedMessage({ origin: APP, source: frame, data }, expected)).toEqual(data);
    // Another window of the right origin, the right window from another origin, and look-alike origins.
    expect(acceptEmbedMessage({ origin: APP, source: {}, data }, expected)).toBeNull();
    expect(acceptEmbedMessage({ origin: "https://evil.example", source: frame, data }, expected)).toBeNull();
    expect(acceptEmbedMessage({ origin: "https://evil-sellkit.example", source: frame, data }, expected)).toBeNull();
    expect(acceptEmbedMessage({ origin: `${APP}.evil.example`, source: frame, data }, expected)).toBeNull();
    // No frame yet: nothing is accepted, not even from a null source.
    expect(acceptEmbedMessage({ origin: APP, source: null, data }, { origin: APP, source: null })).toBeNull();
    expect(acceptEmbedMessage({ origin: APP, source: frame, data: { v: 1, type: "nope" } }, expected)).toBeNull();
  });
});

describe("allowed origins", () => {
  it("keeps plain http(s) origins only", () => {
    expect(parseAllowedOrigin("https://Shop.Example")).toBe("https://shop.example");
    expect(parseAllowedOrigin(" https://shop.example/ ")).toBe("https://shop.example");
    expect(parseAllowedOrigin("http://127.0.0.1:4300")).toBe("http://127.0.0.1:4300");
    expect(parseAllowedOrigin("https://shop.example:443")).toBe("https://shop.example");
    for (const bad of [
      "",
      "shop.example",
      "javascript:alert(1)",
      "ftp://shop.example",
      "https://shop.example/page",
      "https://shop.example?x=1",
      "https://user:pw@shop.example",
      "https://*.shop.example",
      "https://shop.example; script-src *",
      "*",
      "'self'",
    ]) {
      expect(parseAllowedOrigin(bad), bad).toBeNull();
    }
  });

  it("takes an origin's scheme, host (in punycode) and port only: no character that could reach the CSP beside them", () => {
    expect(parseAllowedOrigin("https://Bücher.Example:8443/")).toBe("https://xn--bcher-kva.example:8443");
    expect(parseAllowedOrigin("http://localhost:3000")).toBe("http://localhost:3000");
    for (const bad of [
      "https://x;report-uri",
      "https://x;report-uri https://evil.example",
      "https://a.example,https://b.example",
      "https://a'b.example",
      'https://"a".example',
      "https://a.example?",
      "https://a.example#",
      "https://a.example//",
      "https://a.example/.",
      "https://a_b.example",
      "https://a.example.",
      "https://[::1]:3000",
      "https://a.example:99999",
      "https://a.example\\",
      "https://a.example\u0000",
    ])
      expect(parseAllowedOrigin(bad), bad).toBeNull();
  });

  it("allows the seller's website and each valid listed origin once", () => {
    expect(
      allowedOriginsOf({
        websiteUrl: "https://shop.example/store/page",
        allowedOrigins: ["https://shop.example", "https://blog.example", "nope", 42, "https://x.example/path"],
      }),
    ).toEqual(["https://shop.example", "https://blog.example"]);
    expect(allowedOriginsOf({})).toEqual([]);
    expect(allowedOriginsOf(null)).toEqual([]);
  });

  it("reads and carries the embed mode of a page's query", () => {
    expect(embedQueryOf(new URLSearchParams("embed=1&host=https%3A%2F%2Fshop.example"))).toEqual({
      host: "https://shop.example",
    });
    expect(embedQueryOf(new URLSearchParams("host=https%3A%2F%2Fshop.example"))).toBeNull();
    expect(embedQueryOf(new URLSearchParams("embed=1&host=https%3A%2F%2Fshop.example%2Fx"))).toBeNull();
    expect(withEmbedQuery(`${APP}/checkout/${ORDER}?key=k`, { host: "http://127.0.0.1:4300" })).toBe(
      `${APP}/checkout/${ORDER}?key=k&embed=1&host=http%3A%2F%2F127.0.0.1%3A4300`,
    );
    expect(withEmbedQuery(`${APP}/checkout/test/tpc_1`, null)).toBe(`${APP}/checkout/test/tpc_1`);
  });
});

describe("embed scripts", () => {
  it("stay under 5 KB gzipped each, with no dependencies", async () => {
    const result = await build({ ...EMBED_BUNDLE, write: false, metafile: true });
    expect(result.outputFiles).toHaveLength(3);
    for (const file of result.outputFiles ?? []) {
      const gzip = gzipSync(file.contents, { level: 9 }).length;
      console.log(`${file.path.split("/").pop()}: ${gzip} bytes gzipped`);
      expect(gzip, file.path).toBeLessThanOrEqual(EMBED_BUDGET_BYTES);
    }
    const inputs = Object.keys(result.metafile?.inputs ?? {});
    expect(inputs.filter((input) => input.includes("node_modules"))).toEqual([]);
  });
});
