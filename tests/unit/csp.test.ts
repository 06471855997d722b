import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, inlineScriptHashes } from "../../server/csp";

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

  it("makes a new nonce each time", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(Buffer.from(createNonce(), "base64")).toHaveLength(16);
  });
});
