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

  it("never answers in an encoding the request refuses (q=0), and reads * and letter case", () => {
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(preferredEncoding("br; q=0.5, gzip")).toBe("br");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("GZIP")).toBe("gzip");
    expect(preferredEncoding("br;q=zero")).toBeUndefined();
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

  it("compresses at the levels it is given (a store page kept seconds: quick ones)", async () => {
    const quick = await compressOnce(raw, { brotliQuality: 1, gzipLevel: 1 }).encoded("br");
    expect(brotliDecompressSync(quick).equals(raw)).toBe(true);
    expect(quick.length).not.toBe((await compressOnce(raw).encoded("br")).length);
  });
});
