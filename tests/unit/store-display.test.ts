import { describe, expect, it } from "vitest";
import { fileKind, formatFileSize } from "~/domains/catalog/describe-file";
import { offerPrice, priceLabel } from "~/domains/catalog/product-price";
import { isSlugLike, storeProfileOf } from "~/domains/catalog/store-profile";

// What the store pages say about a product and a store.

const fixed = { pricing: "fixed", priceCents: 1250, minPriceCents: null, suggestedPriceCents: null, currency: "EUR" };

describe("prices", () => {
  it("fixed, free and pay-what-you-want, for people and for schema.org (decimal strings from minor units)", () => {
    expect(priceLabel(fixed)).toEqual({ main: "€12.50", detail: null });
    expect(offerPrice(fixed)).toBe("12.50");
    expect(priceLabel({ ...fixed, pricing: "free", priceCents: 0 })).toEqual({ main: "Free", detail: null });
    expect(offerPrice({ ...fixed, pricing: "free" })).toBe("0.00");
    const pwyw = {
      ...fixed,
      pricing: "pwyw",
      priceCents: 0,
      minPriceCents: 300,
      suggestedPriceCents: 800,
      currency: "CZK",
    };
    expect(priceLabel(pwyw)).toEqual({
      main: "Pay what you want",
      detail: "from CZK\u00a03.00 · suggested CZK\u00a08.00",
    });
    expect(offerPrice(pwyw)).toBe("3.00");
    expect(priceLabel({ ...pwyw, minPriceCents: null, suggestedPriceCents: null })).toEqual({
      main: "Pay what you want",
      detail: null,
    });
    expect(offerPrice({ ...fixed, priceCents: 10_000_000 })).toBe("100000.00");
  });
});

describe("files", () => {
  it("names a file's kind from its extension, else its content type", () => {
    expect(fileKind("Guide.PDF", "application/octet-stream")).toBe("PDF document");
    expect(fileKind("bundle.zip", "application/zip")).toBe("ZIP archive");
    expect(fileKind("lesson", "video/mp4")).toBe("Video");
    expect(fileKind("notes", "application/octet-stream")).toBe("File");
    expect(fileKind(".bashrc", "text/plain")).toBe("Text file");
  });
  it("formats sizes in powers of 1024", () => {
    expect(formatFileSize(0)).toBe("0 bytes");
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(1023)).toBe("1023 bytes");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatFileSize(2 * 1024 ** 3)).toBe("2.0 GB");
    expect(formatFileSize(300 * 1024 ** 2)).toBe("300 MB");
  });
});

describe("stores", () => {
  const row = {
    handle: "ada",
    onlineStore: null,
    storeName: "Ada's Atelier",
    businessDescription: "Templates",
    avatarId: null,
  };
  it("takes the online-store setup first, then the business profile; theme modern and USD by default", () => {
    expect(storeProfileOf(row)).toEqual({
      handle: "ada",
      name: "Ada's Atelier",
      description: "Templates",
      category: null,
      currency: "USD",
      theme: "modern",
      avatarUrl: null,
    });
    expect(
      storeProfileOf({
        ...row,
        avatarId: "a1",
        onlineStore: { storeName: "Atelier", storeDescription: "", category: "books", currency: "GBP", theme: "bold" },
      }),
    ).toEqual({
      handle: "ada",
      name: "Atelier",
      description: "Templates",
      category: "Books",
      currency: "GBP",
      theme: "bold",
      avatarUrl: "/avatars/a1",
    });
    expect(storeProfileOf({ ...row, onlineStore: { theme: "neon", currency: "JPY" } })).toMatchObject({
      theme: "modern",
      currency: "USD",
    });
  });
  it("looks up only segments that can be handles or slugs", () => {
    expect(isSlugLike("adas-atelier-2")).toBe(true);
    for (const bad of ["", "Ada", "a b", "a\u0000", "-a", "a--b", "a".repeat(61), "../x"])
      expect(isSlugLike(bad), bad).toBe(false);
  });
});
