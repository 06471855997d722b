import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { priceLabel } from "~/domains/catalog/components/product-list";
import { formatFileSize as formatBytes } from "~/domains/catalog/content/product-files";
import { productFormValues } from "~/domains/catalog/product-form-values";
import { COVER_MAX_BYTES } from "~/domains/catalog/schemas/product";
import { copyName, copySlug } from "~/domains/catalog/server/duplicate-product.server";
import { COVER_CONTENT_TYPE, processCover } from "~/domains/catalog/server/process-cover.server";

// The Product Manager's small rules — copies' names and slugs, prices and sizes as shown, saved
// money back into the form, and the cover's content check and resizing.

describe("duplicates", () => {
  it("are named 'Copy of …' within the name limit", () => {
    expect(copyName("Field Guide")).toBe("Copy of Field Guide");
    expect(copyName("x".repeat(100))).toHaveLength(100);
  });

  it("get the first free -copy slug within the slug limit", () => {
    expect(copySlug("guide", new Set())).toBe("guide-copy");
    expect(copySlug("guide", new Set(["guide-copy", "guide-copy-2"]))).toBe("guide-copy-3");
    const long = "a".repeat(58);
    const slug = copySlug(long, new Set());
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^a+-copy$/);
  });
});

describe("shown amounts", () => {
  it("prices a product as the list shows it", () => {
    expect(priceLabel({ pricing: "fixed", priceCents: 1250, minPriceCents: null, currency: "USD" })).toBe("$12.50");
    expect(priceLabel({ pricing: "fixed", priceCents: 150000, minPriceCents: null, currency: "CZK" })).toBe(
      `CZK\u00a01,500.00`,
    );
    expect(priceLabel({ pricing: "free", priceCents: 0, minPriceCents: null, currency: "EUR" })).toBe("Free");
    expect(priceLabel({ pricing: "pwyw", priceCents: 0, minPriceCents: 0, currency: "GBP" })).toBe("Pay what you want");
    expect(priceLabel({ pricing: "pwyw", priceCents: 300, minPriceCents: 300, currency: "GBP" })).toBe(
      "Pay what you want (from £3.00)",
    );
  });

  it("turns saved minor units back into what the form shows", () => {
    const base = {
      name: "n",
      type: "ebook",
      summary: "",
      description: "",
      slug: "n",
      minPriceCents: null,
      suggestedPriceCents: null,
    };
    expect(productFormValues({ ...base, pricing: "fixed", priceCents: 5 }).price).toBe("0.05");
    expect(productFormValues({ ...base, pricing: "fixed", priceCents: 10_000_000 }).price).toBe("100000.00");
    expect(
      productFormValues({ ...base, pricing: "pwyw", priceCents: 0, minPriceCents: 0, suggestedPriceCents: 999 }),
    ).toMatchObject({
      price: "",
      minPrice: "0.00",
      suggestedPrice: "9.99",
    });
  });

  it("sizes files for people", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2 * 1024 ** 3)).toBe("2 GB");
  });
});

describe("processCover", () => {
  const image = (width: number, height: number, format: "png" | "jpeg" | "gif" | "webp" = "png") =>
    sharp({ create: { width, height, channels: 3, background: "#884422" } })
      .toFormat(format)
      .toBuffer();
  const file = (bytes: Uint8Array, type = "image/png") => new File([new Uint8Array(bytes)], "cover", { type });

  it("resizes to 1280 and 640 wide WebP, keeping the aspect ratio", async () => {
    const renditions = await processCover(file(await image(2560, 1440)));
    expect((renditions || []).map(({ width, height, contentType }) => ({ width, height, contentType }))).toEqual([
      { width: 1280, height: 720, contentType: COVER_CONTENT_TYPE },
      { width: 640, height: 360, contentType: COVER_CONTENT_TYPE },
    ]);
  });

  it("accepts PNG, JPEG, GIF and WebP, never enlarging a small image", async () => {
    for (const format of ["png", "jpeg", "gif", "webp"] as const) {
      const renditions = await processCover(file(await image(800, 400, format)));
      expect(
        (renditions || []).map(({ width, height }) => [width, height]),
        format,
      ).toEqual([
        [800, 400],
        [640, 320],
      ]);
    }
  });

  it("refuses what is not an image by its bytes: SVG, HTML, PDF, truncated images; nothing chosen is null", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(await processCover(file(svg, "image/svg+xml"))).toBe(false);
    expect(await processCover(file(new TextEncoder().encode("<html><script>alert(1)</script>")))).toBe(false);
    expect(await processCover(file(new TextEncoder().encode("%PDF-1.7")))).toBe(false);
    const png = await image(100, 100);
    expect(await processCover(file(png.subarray(0, 40)))).toBe(false);
    expect(await processCover(undefined)).toBeNull();
    expect(await processCover(file(new Uint8Array()))).toBeNull();
  });

  it("refuses a file over the size limit without decoding it", async () => {
    expect(await processCover(file(new Uint8Array(COVER_MAX_BYTES + 1)))).toBe(false);
  });
});
