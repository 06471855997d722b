import { maximumPriceMessage } from "~/domains/catalog/schemas/amount-field";
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MAXIMUM_PRICE_MINOR } from "~/lib/money";
import {
  AMOUNT_INVALID_MESSAGE,
  COVER_TYPE_MESSAGE,
  DESCRIPTION_TOO_LONG_MESSAGE,
  minimumPriceMessage,
  missingForPublishing,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  notReadyMessage,
  PRICE_REQUIRED_MESSAGE,
  PRICING_MESSAGE,
  productSchema,
  toProductInput,
  SLUG_INVALID_MESSAGE,
  SLUG_REQUIRED_MESSAGE,
  SLUG_RESERVED_MESSAGE,
  SUMMARY_TOO_LONG_MESSAGE,
  TYPE_MESSAGE,
} from "~/domains/catalog/schemas/product";

// The product form's one schema (browser and server) — every bad input has its message, and
// money comes out as integer minor units.

function parse(fields: Record<string, string | File>, currency: "USD" | "EUR" | "GBP" | "CZK" = "USD") {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Ada's Guide",
    type: "ebook",
    pricing: "fixed",
    price: "12.50",
    ...fields,
  }))
    form.append(name, value);
  return parseWithZod(form, { schema: productSchema(currency) });
}
const errorsOf = (fields: Record<string, string | File>, currency?: "USD" | "EUR" | "GBP" | "CZK") => {
  const submission = parse(fields, currency);
  return submission.status === "success" ? {} : (submission.error ?? {});
};
const parsedValue = (fields: Record<string, string | File>, currency?: "USD" | "EUR" | "GBP" | "CZK") => {
  const submission = parse(fields, currency);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return toProductInput(submission.value);
};

describe("product schema", () => {
  it("accepts a product and stores the price in minor units, the slug made from the name", () => {
    expect(parsedValue({ summary: "  A guide  ", description: "# Hi\r\n\r\ntext  \n" })).toMatchObject({
      name: "Ada's Guide",
      type: "ebook",
      summary: "A guide",
      description: "# Hi\n\ntext",
      pricing: "fixed",
      priceCents: 1250,
      minPriceCents: null,
      suggestedPriceCents: null,
      slug: "adas-guide",
      removeCover: false,
    });
  });

  it("keeps products off the Link in Bio page's path segment", () => {
    expect(errorsOf({ slug: "links" }).slug).toEqual([SLUG_RESERVED_MESSAGE]);
    expect(parsedValue({ name: "Links" }).slug).toBe("links-1");
    expect(parsedValue({ name: "Links", slug: "links-and-maps" }).slug).toBe("links-and-maps");
  });

  it("names every bad field", () => {
    expect(errorsOf({ name: "" }).name).toEqual([NAME_REQUIRED_MESSAGE]);
    expect(errorsOf({ name: "   " }).name).toEqual([NAME_REQUIRED_MESSAGE]);
    expect(errorsOf({ name: "x".repeat(101) }).name).toEqual([NAME_TOO_LONG_MESSAGE]);
    expect(errorsOf({ name: "x".repeat(100) }).name).toBeUndefined();
    expect(errorsOf({ type: "novel" }).type).toEqual([TYPE_MESSAGE]);
    expect(errorsOf({ summary: "s".repeat(201) }).summary).toEqual([SUMMARY_TOO_LONG_MESSAGE]);
    expect(errorsOf({ description: "d".repeat(20_001) }).description).toEqual([DESCRIPTION_TOO_LONG_MESSAGE]);
    expect(errorsOf({ description: "d".repeat(20_000) }).description).toBeUndefined();
    expect(errorsOf({ pricing: "barter" }).pricing).toEqual([PRICING_MESSAGE]);
  });

  it("says everything at once: the pricing rules run while other fields are still invalid", () => {
    const errors = errorsOf({ name: "", price: "", slug: "Bad Slug" });
    expect(errors.name).toEqual([NAME_REQUIRED_MESSAGE]);
    expect(errors.price).toEqual([PRICE_REQUIRED_MESSAGE]);
    expect(errors.slug).toEqual([SLUG_INVALID_MESSAGE]);
    expect(errorsOf({ name: "", price: "0.10" }).price).toEqual([minimumPriceMessage("USD")]);
    expect(errorsOf({ name: "", price: "abc" }).price).toEqual([AMOUNT_INVALID_MESSAGE]);
  });

  it("checks slugs: pattern, length, and one is needed when the name gives none", () => {
    for (const slug of ["Has Space", "under_score", "-lead", "trail-", "double--hyphen", "ünï", "a/b", "x".repeat(61)])
      expect(errorsOf({ slug }).slug, slug).toEqual([SLUG_INVALID_MESSAGE]);
    expect(parsedValue({ slug: "My-Guide" }).slug).toBe("my-guide");
    expect(errorsOf({ name: "!!!" }).slug).toEqual([SLUG_REQUIRED_MESSAGE]);
    expect(parsedValue({ name: "!!!", slug: "bangs" }).slug).toBe("bangs");
  });

  it("refuses negative, malformed, absurd and below-minimum prices", () => {
    for (const price of ["-1", "-0.50", "12.345", "abc", "1e3", "12.5.0", "Infinity", "0x10"])
      expect(errorsOf({ price }).price, price).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(errorsOf({ price: "" }).price).toEqual([PRICE_REQUIRED_MESSAGE]);
    expect(errorsOf({ price: "100000.01" }).price).toEqual([maximumPriceMessage("USD")]);
    expect(errorsOf({ price: "99999999999" }).price).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(parsedValue({ price: "100000" }).priceCents).toBe(MAXIMUM_PRICE_MINOR);
    expect(errorsOf({ price: "0.49" }).price).toEqual([minimumPriceMessage("USD")]);
    expect(errorsOf({ price: "0" }).price).toEqual([minimumPriceMessage("USD")]);
    expect(parsedValue({ price: "0.50" }).priceCents).toBe(50);
    expect(errorsOf({ price: "14.99" }, "CZK").price).toEqual([minimumPriceMessage("CZK")]);
    expect(parsedValue({ price: "15" }, "CZK").priceCents).toBe(1500);
    expect(parsedValue({ price: "0.30" }, "GBP").priceCents).toBe(30);
  });

  it("keeps money exact: amounts a float cannot hold come out as whole minor units", () => {
    for (const [price, cents] of [
      ["1.10", 110],
      ["19.99", 1999],
      ["0.57", 57],
      ["4.35", 435],
      ["1,299.00", 129900],
      ["12,50", 1250],
      [" 7 ", 700],
    ] as const) {
      const value = parsedValue({ price }, "EUR");
      expect(value.priceCents, price).toBe(cents);
      expect(Number.isInteger(value.priceCents)).toBe(true);
    }
  });

  it("free: no price asked, none stored", () => {
    expect(parsedValue({ pricing: "free", price: "" })).toMatchObject({
      priceCents: 0,
      minPriceCents: null,
      suggestedPriceCents: null,
    });
    expect(parsedValue({ pricing: "free", price: "9.99" })).toMatchObject({ priceCents: 0, minPriceCents: null });
  });

  it("pay what you want: a minimum of 0 or at least the currency's, a suggested price at least the minimum", () => {
    expect(parsedValue({ pricing: "pwyw", price: "", minPrice: "", suggestedPrice: "" })).toMatchObject({
      priceCents: 0,
      minPriceCents: 0,
      suggestedPriceCents: null,
    });
    expect(parsedValue({ pricing: "pwyw", minPrice: "0", suggestedPrice: "5" })).toMatchObject({
      priceCents: 0,
      minPriceCents: 0,
      suggestedPriceCents: 500,
    });
    expect(parsedValue({ pricing: "pwyw", minPrice: "3", suggestedPrice: "3" })).toMatchObject({
      priceCents: 300,
      minPriceCents: 300,
      suggestedPriceCents: 300,
    });
    expect(errorsOf({ pricing: "pwyw", minPrice: "0.20" }).minPrice?.[0]).toContain(
      minimumPriceMessage("USD", "A minimum above zero"),
    );
    expect(errorsOf({ pricing: "pwyw", minPrice: "5", suggestedPrice: "4" }).suggestedPrice).toEqual([
      "The suggested price must be at least the minimum, $5.00",
    ]);
    expect(errorsOf({ pricing: "pwyw", minPrice: "0", suggestedPrice: "0" }).suggestedPrice).toEqual([
      "The suggested price must be more than 0",
    ]);
    expect(errorsOf({ pricing: "pwyw", suggestedPrice: "0.10" }).suggestedPrice).toEqual([
      minimumPriceMessage("USD", "The suggested price"),
    ]);
    expect(errorsOf({ pricing: "pwyw", minPrice: "-2" }).minPrice).toEqual([AMOUNT_INVALID_MESSAGE]);
    expect(errorsOf({ pricing: "pwyw", minPrice: "200000" }).minPrice).toEqual([maximumPriceMessage("USD")]);
  });

  it("checks the cover's declared type in the browser (the server checks its bytes)", () => {
    expect(errorsOf({ cover: new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }) }).cover).toEqual([
      COVER_TYPE_MESSAGE,
    ]);
    expect(errorsOf({ cover: new File(["x"], "x.png", { type: "image/png" }) }).cover).toBeUndefined();
  });
});

describe("missingForPublishing", () => {
  it("needs a name and, for a fixed price, a valid one", () => {
    expect(missingForPublishing({ name: "Guide", pricing: "fixed", priceCents: 500, currency: "USD" })).toEqual([]);
    expect(missingForPublishing({ name: "", pricing: "fixed", priceCents: 0, currency: "USD" })).toEqual([
      "a name",
      "a valid price",
    ]);
    expect(missingForPublishing({ name: "Guide", pricing: "fixed", priceCents: 1000, currency: "CZK" })).toEqual([
      "a valid price",
    ]);
    expect(missingForPublishing({ name: "Guide", pricing: "free", priceCents: 0, currency: "USD" })).toEqual([]);
    expect(notReadyMessage(["a name", "a valid price"])).toBe("Add a name and a valid price before publishing.");
  });
});
