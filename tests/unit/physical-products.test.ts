import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { isValidBarcode } from "~/domains/catalog/barcode";
import { chooseVariant, type SalesPageVariant } from "~/domains/catalog/sales-page-variant";
import {
  BARCODE_INVALID_MESSAGE,
  NO_VARIANT_MESSAGE,
  OPTION_NAME_REPEATED_MESSAGE,
  OPTION_VALUES_EMPTY_MESSAGE,
  PHYSICAL_PRICING_MESSAGE,
  SKU_REPEATED_MESSAGE,
  TOO_MANY_OPTIONS_MESSAGE,
  TOO_MANY_VARIANTS_MESSAGE,
  physicalInputFailure,
  VARIANT_UNKNOWN_MESSAGE,
  WEIGHT_INVALID_MESSAGE,
} from "~/domains/catalog/schemas/physical-product";
import { minimumPriceMessage, productSchema, toProductInput } from "~/domains/catalog/schemas/product";
import { copySku } from "~/domains/catalog/server/duplicate-product.server";
import { FEW_LEFT_THRESHOLD, stockNotice, stockNoticeText } from "~/domains/catalog/stock-notice";
import { combinationCount, variantCombinations, variantTitle } from "~/domains/catalog/variant-options";
import { formatWeight, parseWeightGrams } from "~/domains/catalog/weight";
import { ERRORS } from "~/lib/errors";
import { storePageKey } from "../../server/store-page-cache";

// Physical products: barcodes, variant combinations, the product form's physical part, the sales page's variant choice.

function parse(fields: [string, string][]) {
  const form = new FormData();
  const base = { name: "Field Tee", type: "physical", pricing: "fixed", price: "25" };
  for (const [name, value] of Object.entries({ ...base, ...Object.fromEntries(fields) })) form.append(name, value);
  return parseWithZod(form, { schema: productSchema("USD") });
}
const errorsOf = (fields: [string, string][]) => {
  const submission = parse(fields);
  return submission.status === "success" ? {} : (submission.error ?? {});
};
const sizeColour: [string, string][] = [
  ["options[0].name", "Size"],
  ["options[0].values[0]", "S"],
  ["options[0].values[1]", "M"],
  ["options[1].name", "Colour"],
  ["options[1].values[0]", "Red"],
  ["options[1].values[1]", "Blue"],
];
const variant = (
  index: number,
  size: string,
  colour: string,
  extra: Record<string, string> = {},
): [string, string][] => [
  [`variants[${index}].optionValues[0]`, size],
  [`variants[${index}].optionValues[1]`, colour],
  ...Object.entries(extra).map(([name, value]) => [`variants[${index}].${name}`, value] as [string, string]),
];

describe("barcodes", () => {
  it("takes EAN-13 and UPC-A codes with the right check digit", () => {
    expect(isValidBarcode("4006381333931")).toBe(true);
    expect(isValidBarcode("036000291452")).toBe(true);
    expect(isValidBarcode("5901234123457")).toBe(true);
    expect(isValidBarcode("0000000000000")).toBe(true);
  });

  it("refuses a wrong check digit, other lengths and non-digits", () => {
    expect(isValidBarcode("4006381333932")).toBe(false);
    expect(isValidBarcode("036000291453")).toBe(false);
    expect(isValidBarcode("400638133393")).toBe(false);
    expect(isValidBarcode("40063813339311")).toBe(false);
    expect(isValidBarcode("40063813339a1")).toBe(false);
    expect(isValidBarcode("03600029145x")).toBe(false);
    expect(isValidBarcode(" 036000291452")).toBe(false);
    expect(isValidBarcode("")).toBe(false);
  });
});

describe("variant combinations", () => {
  it("makes every combination, first option slowest, and one empty combination without options", () => {
    const options = [
      { name: "Size", values: ["S", "M"] },
      { name: "Colour", values: ["Red", "Blue", "Green"] },
    ];
    expect(variantCombinations(options)).toEqual([
      ["S", "Red"],
      ["S", "Blue"],
      ["S", "Green"],
      ["M", "Red"],
      ["M", "Blue"],
      ["M", "Green"],
    ]);
    expect(combinationCount(options)).toBe(6);
    expect(variantCombinations([])).toEqual([[]]);
    expect(variantCombinations([{ name: "Size", values: [] }])).toEqual([]);
    expect(variantTitle(["M", "Blue"])).toBe("M / Blue");
    expect(variantTitle([])).toBe("");
  });

  it("reads a friendly weight in grams", () => {
    expect(parseWeightGrams("250")).toBe(250);
    expect(parseWeightGrams("250 g")).toBe(250);
    expect(parseWeightGrams("1.2 kg")).toBe(1200);
    expect(parseWeightGrams("1,5kg")).toBe(1500);
    expect(parseWeightGrams("heavy")).toBeNull();
    expect(parseWeightGrams("-3 g")).toBeNull();
    expect(parseWeightGrams("3 lb")).toBeNull();
    expect(formatWeight(250)).toBe("250 g");
    expect(formatWeight(1200)).toBe("1.2 kg");
  });
});

describe("the product form's physical part", () => {
  it("stores a physical product without options as one default variant with its SKU and barcode", () => {
    const submission = parse([
      ["sku", " TEE-1 "],
      ["barcode", "4006381333931"],
      ["weight", "1.2 kg"],
      ["allowBackorder", "on"],
      ["lowStockThreshold", "3"],
    ]);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(toProductInput(submission.value).physical).toEqual({
      options: [],
      weightGrams: 1200,
      allowBackorder: true,
      lowStockThreshold: 3,
      variants: [{ optionValues: [], title: "", sku: "TEE-1", barcode: "4006381333931", priceCents: null }],
    });
  });

  it("stores the kept combinations with their codes and price overrides; a digital product keeps none", () => {
    const submission = parse([
      ...sizeColour,
      ...variant(0, "S", "Red", { sku: "TEE-S-R", price: "27.50" }),
      ...variant(1, "M", "Blue", { sku: "TEE-M-B", barcode: "036000291452" }),
    ]);
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const physical = toProductInput(submission.value).physical!;
    expect(physical.options).toEqual([
      { name: "Size", values: ["S", "M"] },
      { name: "Colour", values: ["Red", "Blue"] },
    ]);
    expect(physical.variants).toEqual([
      { optionValues: ["S", "Red"], title: "S / Red", sku: "TEE-S-R", barcode: null, priceCents: 2750 },
      { optionValues: ["M", "Blue"], title: "M / Blue", sku: "TEE-M-B", barcode: "036000291452", priceCents: null },
    ]);
    const digital = parse([["type", "ebook"], ["sku", "X"], ...sizeColour]);
    if (digital.status !== "success") throw new Error(JSON.stringify(digital.error));
    expect(toProductInput(digital.value).physical).toBeNull();
  });

  it("names every bad physical field", () => {
    expect(errorsOf([["barcode", "4006381333932"]]).barcode).toEqual([BARCODE_INVALID_MESSAGE]);
    expect(errorsOf([["barcode", "12345abc90123"]]).barcode).toEqual([BARCODE_INVALID_MESSAGE]);
    expect(BARCODE_INVALID_MESSAGE).toBe("Please enter a valid EAN-13 or UPC-A barcode.");
    expect(errorsOf([["weight", "heavy"]]).weight).toEqual([WEIGHT_INVALID_MESSAGE]);
    expect(errorsOf([["pricing", "pwyw"]]).pricing).toEqual([PHYSICAL_PRICING_MESSAGE]);
    const four = [0, 1, 2, 3].flatMap((i): [string, string][] => [
      [`options[${i}].name`, `O${i}`],
      [`options[${i}].values[0]`, "a"],
    ]);
    expect(errorsOf(four).options).toEqual([TOO_MANY_OPTIONS_MESSAGE]);
    expect(errorsOf([["options[0].name", "Size"]])["options[0].values"]).toEqual([OPTION_VALUES_EMPTY_MESSAGE]);
    expect(
      errorsOf([
        ["options[0].name", "Size"],
        ["options[0].values[0]", "S"],
        ["options[1].name", "size"],
        ["options[1].values[0]", "M"],
        ...variant(0, "S", "M"),
      ])["options[1].name"],
    ).toEqual([OPTION_NAME_REPEATED_MESSAGE]);
    expect(errorsOf(sizeColour).variants).toEqual([NO_VARIANT_MESSAGE]);
    expect(errorsOf([...sizeColour, ...variant(0, "S", "Green")])["variants[0]"]).toEqual([VARIANT_UNKNOWN_MESSAGE]);
    const twice = errorsOf([
      ...sizeColour,
      ...variant(0, "S", "Red", { sku: "A" }),
      ...variant(1, "M", "Red", { sku: "a" }),
    ]);
    expect(twice["variants[1].sku"]).toEqual([SKU_REPEATED_MESSAGE]);
    expect(errorsOf([...sizeColour, ...variant(0, "S", "Red", { barcode: "1" })])["variants[0].barcode"]).toEqual([
      BARCODE_INVALID_MESSAGE,
    ]);
    expect(errorsOf([...sizeColour, ...variant(0, "S", "Red", { price: "0.10" })])["variants[0].price"]).toEqual([
      minimumPriceMessage("USD"),
    ]);
  });

  it("answers odd shapes with messages, never an exception", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Tee", type: "physical", pricing: "fixed", price: "25" }))
      form.append(name, value);
    form.append("options[0].name", "Size");
    form.append("options[0].values[0]", "S");
    form.append("options[0].values[1]", new File(["x"], "x.txt"));
    form.append("variants[0].optionValues", "S");
    form.append("variants[1]", "x");
    const submission = parseWithZod(form, { schema: productSchema("USD") });
    expect(submission.status).toBe("error");
  });

  it("refuses more than 100 combinations", () => {
    const values = (option: number, n: number) =>
      Array.from({ length: n }, (_, i): [string, string] => [`options[${option}].values[${i}]`, `v${i}`]);
    const fields: [string, string][] = [
      ["options[0].name", "A"],
      ...values(0, 11),
      ["options[1].name", "B"],
      ...values(1, 10),
      ...variant(0, "v0", "v0"),
    ];
    expect(errorsOf(fields).variants).toEqual([TOO_MANY_VARIANTS_MESSAGE]);
    expect(TOO_MANY_VARIANTS_MESSAGE).toBe(ERRORS.PRODUCT_TOO_MANY_VARIANTS.message);
  });
});

describe("the verbs' own check of a physical input", () => {
  it("names the broken rule by its code, past whatever the form said", () => {
    const one = { optionValues: [], title: "", sku: null, barcode: null, priceCents: null };
    const input = { options: [], weightGrams: null, allowBackorder: false, lowStockThreshold: null, variants: [one] };
    expect(physicalInputFailure(null)).toBeNull();
    expect(physicalInputFailure(input)).toBeNull();
    const option = (name: string) => ({ name, values: ["a"] });
    expect(physicalInputFailure({ ...input, options: ["A", "B", "C", "D"].map(option) })).toBe(
      "PRODUCT_TOO_MANY_OPTIONS",
    );
    expect(physicalInputFailure({ ...input, options: [{ name: "Size", values: [] }] })).toBe(
      "PRODUCT_OPTION_VALUES_EMPTY",
    );
    expect(physicalInputFailure({ ...input, variants: Array.from({ length: 101 }, () => one) })).toBe(
      "PRODUCT_TOO_MANY_VARIANTS",
    );
    expect(physicalInputFailure({ ...input, variants: [{ ...one, barcode: "4006381333932" }] })).toBe(
      "PRODUCT_BARCODE_INVALID",
    );
  });
});

describe("the sales page's variant", () => {
  const options = [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Red", "Blue"] },
  ];
  const variants: SalesPageVariant[] = [
    { id: "v-s-red", optionValues: ["S", "Red"], title: "S / Red", priceCents: null, available: 0 },
    { id: "v-m-red", optionValues: ["M", "Red"], title: "M / Red", priceCents: 3000, available: 4 },
    { id: "v-m-blue", optionValues: ["M", "Blue"], title: "M / Blue", priceCents: null, available: 12 },
  ];
  const choose = (query: string, backorder = false) =>
    chooseVariant(options, variants, new URLSearchParams(query), backorder);

  it("says Sold out at 0 without backorders, Only N left up to the threshold, nothing above", () => {
    expect(stockNoticeText(stockNotice(0, false))).toBe("Sold out");
    expect(stockNoticeText(stockNotice(-2, false))).toBe("Sold out");
    expect(stockNotice(0, true)).toBeNull();
    expect(stockNoticeText(stockNotice(FEW_LEFT_THRESHOLD, false))).toBe(`Only ${FEW_LEFT_THRESHOLD} left`);
    expect(stockNoticeText(stockNotice(1, true))).toBe("Only 1 left");
    expect(stockNotice(FEW_LEFT_THRESHOLD + 1, false)).toBeNull();
  });

  it("shows the first variant in stock by default, the asked one by id, and redirects the picker's choice", () => {
    expect(choose("")).toEqual({
      kind: "chosen",
      values: ["M", "Red"],
      variant: variants[1],
      notice: { kind: "few-left", left: 4 },
    });
    expect(choose("", true)).toMatchObject({ variant: variants[0], notice: null });
    expect(choose("variant=v-s-red")).toMatchObject({ variant: variants[0], notice: { kind: "sold-out" } });
    expect(choose("variant=nope")).toEqual({ kind: "redirect", variantId: null });
    expect(choose("option-1=M&option-2=Blue")).toEqual({ kind: "redirect", variantId: "v-m-blue" });
    expect(choose("option-1=S&option-2=Blue")).toEqual({
      kind: "chosen",
      values: ["S", "Blue"],
      variant: null,
      notice: null,
    });
  });
});

describe("store page cache keys", () => {
  it("keep a variant and quantity, and render attribution tags, picker answers and odd values afresh", () => {
    const id = "0b9f3f2e-7c1a-4e55-9d62-2f3c1a9b8e11";
    const key = (query: string) => storePageKey("/s/ada/tee", new URLSearchParams(query));
    expect(key("")).toBe("/s/ada/tee");
    // The page's Buy links carry an attribution on: a cached page would drop it.
    expect(key("utm_source=x")).toBeNull();
    expect(key("src=bio&via=bio:b1")).toBeNull();
    expect(key(`quantity=2&variant=${id.toUpperCase()}&ref=a`)).toBe(`/s/ada/tee?variant=${id}&quantity=2`);
    expect(key("variant=nope")).toBeNull();
    expect(key(`variant=${id}&variant=${id}`)).toBeNull();
    expect(key("option-1=M")).toBeNull();
  });
});

describe("duplicating a physical product", () => {
  it("suffixes SKUs to stay unique in the store, or leaves them empty when none fits", () => {
    expect(copySku("TEE-1", new Set())).toBe("TEE-1-COPY");
    expect(copySku("TEE-1", new Set(["tee-1-copy"]))).toBe("TEE-1-COPY-2");
    expect(copySku("x".repeat(64), new Set())).toBeNull();
  });
});
