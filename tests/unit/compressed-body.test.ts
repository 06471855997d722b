import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressOnce, preferredEncoding } from "../../server/compressed-body";

describe("compressed bodies (build assets, prerendered pages)", () => {
  const raw = Buffer.from("<!doctype html><title>Pricing</title>".repeat(200));

  it("answers in brotli, else gzip, else as it is", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding("brotli-ish, xgzip")).toBeUndefined();
  });

  it("compresses each encoding once, when first asked, to bytes that decode to the body", async () => {
    const body = compressOnce(raw);
    expect(body.encoded(undefined)).toBe(raw);
    const brotli = body.encoded("br");
    expect(body.encoded("br")).toBe(brotli);
    const gzip = body.encoded("gzip");
    expect(body.encoded("gzip")).toBe(gzip);
    const [br, gz] = await Promise.all([brotli, gzip]);
    expect(br.length).toBeLessThan(raw.length / 10);
    expect(brotliDecompressSync(br).equals(raw)).toBe(true);
    expect(gunzipSync(gz).equals(raw)).toBe(true);
  });
});
