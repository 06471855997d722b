import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, inlineScriptHashes, isFrameablePath } from "../../server/csp";

describe("content security policy", () => {
  it("hashes inline scripts only, not external ones", () => {
    const html = `<script src="/assets/a.js"></script><script>window.x=1</script><script type="module">import "/a.js";</script>`;
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.x=1"), sha('import "/a.js";')]);
  });

  it("forbids framing and foreign scripts", () => {
    const csp = contentSecurityPolicy(["'nonce-abc'"], { upgradeInsecure: false });
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lets only the embed-mode checkout pages be framed, by the origins given and no others", () => {
    const framed = contentSecurityPolicy([], {
      upgradeInsecure: false,
      frameAncestors: ["https://shop.example", "http://127.0.0.1:4300"],
    });
    expect(framed).toMatch(/frame-ancestors https:\/\/shop\.example http:\/\/127\.0\.0\.1:4300(;|$)/);
    expect(framed).not.toMatch(/frame-ancestors \*/);
    expect(contentSecurityPolicy([], { upgradeInsecure: false, frameAncestors: [] })).toContain(
      "frame-ancestors 'none'",
    );
    for (const path of [
      "/s/ada/field-guide/buy",
      "/s/ada/cart/checkout",
      "/checkout/test/tpc_abc",
      "/checkout/5f0c1a9e",
    ]) {
      expect(isFrameablePath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/s/ada",
      "/s/ada/field-guide",
      "/s/ada/field-guide/buy.data",
      "/s/ada/cart",
      "/s/ada/cart/checkout/x",
      "/s/ada/field-guide/buy/more",
      "/checkout",
      "/checkout/test/tpc_abc/x",
      "/buy",
      "/buy/5f0c1a9e-0000-4000-8000-000000000000",
      "/purchases/abc",
      "/dashboard",
      "/api/webhooks/test",
    ]) {
      expect(isFrameablePath(path), path).toBe(false);
    }
  });

  it("drops a frame ancestor that is not a plain origin, so a stored value cannot add sources or directives", () => {
    const framed = contentSecurityPolicy([], {
      upgradeInsecure: false,
      frameAncestors: [
        "https://x;report-uri https://evil.example",
        "https://shop.example",
        "https://a.example,https://b.example",
        "*",
        "'unsafe-inline'",
        'https://"quoted".example',
        "https://shop.example/path",
        "data:",
      ],
    });
    expect(framed).toMatch(/(?:^|; )frame-ancestors https:\/\/shop\.example(?:;|$)/);
    expect(framed).not.toContain("report-uri");
    expect(framed.split("; ").filter((directive) => directive.startsWith("frame-ancestors"))).toHaveLength(1);
    expect(contentSecurityPolicy([], { upgradeInsecure: false, frameAncestors: ["https://x;sandbox"] })).toContain(
      "frame-ancestors 'none'",
    );
  });

  it("makes a new nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(Buffer.from(createNonce(), "base64")).toHaveLength(16);
  });
});
