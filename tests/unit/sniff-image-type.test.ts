import { describe, expect, it } from "vitest";
import { sniffImageType } from "~/domains/workspace/server/sniff-image-type.server";

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);

describe("sniffImageType", () => {
  it("recognises images by their first bytes", () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffImageType(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe("image/gif");
    expect(sniffImageType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe(
      "image/webp",
    );
  });

  it("refuses SVG, HTML and anything else whatever its name or declared type", () => {
    for (const text of ["<svg xmlns='http://www.w3.org/2000/svg'/>", "<!doctype html><script>", "%PDF-1.7", ""]) {
      expect(sniffImageType(new TextEncoder().encode(text))).toBeUndefined();
    }
  });
});
