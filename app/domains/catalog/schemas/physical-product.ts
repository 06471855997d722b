import { z } from "zod";
import { isValidBarcode } from "~/domains/catalog/barcode";
import {
  combinationCount,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
  type ProductOption,
  SKU_MAX,
  variantKey,
  variantTitle,
} from "~/domains/catalog/variant-options";
import { MAX_WEIGHT_GRAMS, parseWeightGrams } from "~/domains/catalog/weight";
import { ERRORS } from "~/lib/errors";
import { checkbox } from "~/lib/form-fields";
import type { Currency } from "~/lib/money";
import { amountField } from "./amount-field";

export const SKU_TOO_LONG_MESSAGE = `Please keep the SKU under ${SKU_MAX} characters`;
export const BARCODE_INVALID_MESSAGE = ERRORS.PRODUCT_BARCODE_INVALID.message;
export const SKU_TAKEN_MESSAGE = ERRORS.PRODUCT_SKU_TAKEN.message;
export const SKU_REPEATED_MESSAGE = "Each variant needs its own SKU.";
export const WEIGHT_INVALID_MESSAGE = "Please enter a weight like 250 g or 1.2 kg";
export const THRESHOLD_INVALID_MESSAGE = "Please enter a whole number of units, like 5";
export const OPTION_NAME_MESSAGE = `Please name the option (up to ${OPTION_NAME_MAX} characters), like Size or Colour`;
export const OPTION_NAME_REPEATED_MESSAGE = "Each option needs its own name.";
export const OPTION_VALUE_MESSAGE = `Please keep each value under ${OPTION_VALUE_MAX} characters`;
export const OPTION_VALUE_REPEATED_MESSAGE = "Each value of an option must be different.";
export const OPTION_VALUES_EMPTY_MESSAGE = ERRORS.PRODUCT_OPTION_VALUES_EMPTY.message;
export const TOO_MANY_OPTIONS_MESSAGE = ERRORS.PRODUCT_TOO_MANY_OPTIONS.message;
export const TOO_MANY_VARIANTS_MESSAGE = ERRORS.PRODUCT_TOO_MANY_VARIANTS.message;
export const NO_VARIANT_MESSAGE = "Please keep at least one variant to sell.";
export const VARIANT_UNKNOWN_MESSAGE = "This variant is not a combination of the options' values.";
export const PHYSICAL_PRICING_MESSAGE = "A physical product has a fixed price or is free.";
/** The largest low-stock threshold taken. */
export const LOW_STOCK_THRESHOLD_MAX = 100_000;

/** An optional SKU: trimmed, null when empty. */
const skuField = z
  .string()
  .trim()
  .max(SKU_MAX, SKU_TOO_LONG_MESSAGE)
  .optional()
  .transform((sku) => sku || null);

/** An optional EAN-13 or UPC-A code (spaces allowed as typed), its check digit validated; null when empty. */
export const barcodeField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const code = (text ?? "").replace(/[\s-]/g, "");
    if (!code) return null;
    if (!isValidBarcode(code)) {
      ctx.addIssue({ code: "custom", message: BARCODE_INVALID_MESSAGE });
      return z.NEVER;
    }
    return code;
  });

/** The form fields only a physical product has; a digital product's form leaves them out. */
export function physicalProductFields(currency: Currency, amountInvalidMessage: string) {
  return {
    sku: skuField,
    barcode: barcodeField,
    weight: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (!text?.trim()) return null;
        const grams = parseWeightGrams(text);
        if (grams === null || grams > MAX_WEIGHT_GRAMS) {
          ctx.addIssue({ code: "custom", message: WEIGHT_INVALID_MESSAGE });
          return z.NEVER;
        }
        return grams;
      }),
    allowBackorder: checkbox,
    lowStockThreshold: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (!text?.trim()) return null;
        const units = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
        if (!(units <= LOW_STOCK_THRESHOLD_MAX)) {
          ctx.addIssue({ code: "custom", message: THRESHOLD_INVALID_MESSAGE });
          return z.NEVER;
        }
        return units;
      }),
    options: z
      .array(
        z.object({
          name: z
            .string({ error: OPTION_NAME_MESSAGE })
            .trim()
            .min(1, OPTION_NAME_MESSAGE)
            .max(OPTION_NAME_MAX, OPTION_NAME_MESSAGE),
          values: z
            .array(z.string().trim().min(1, OPTION_VALUE_MESSAGE).max(OPTION_VALUE_MAX, OPTION_VALUE_MESSAGE))
            .optional(),
        }),
      )
      .max(MAX_PRODUCT_OPTIONS, TOO_MANY_OPTIONS_MESSAGE)
      .optional(),
    variants: z
      .array(
        z.object({
          optionValues: z.array(z.string().trim()).optional(),
          sku: skuField,
          barcode: barcodeField,
          price: amountField(currency, amountInvalidMessage),
        }),
      )
      .max(MAX_PRODUCT_VARIANTS, TOO_MANY_VARIANTS_MESSAGE)
      .optional(),
  };
}

type PhysicalFields = z.output<z.ZodObject<ReturnType<typeof physicalProductFields>>>;
type Issue = { path: (string | number)[]; message: string };

/** The strings of a list as parsed so far: a field that failed its own parsing may hold anything. */
const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];

/** The rules across a physical product's fields (options, combinations, SKUs), as issues; parsed fields only. */
export function physicalProductIssues(value: Partial<PhysicalFields> & { pricing?: unknown }): Issue[] {
  const issues: Issue[] = [];
  if (value.pricing === "pwyw") issues.push({ path: ["pricing"], message: PHYSICAL_PRICING_MESSAGE });
  const raw: unknown[] = Array.isArray(value.options) ? value.options : [];
  const options = raw.map((option) => {
    const { name, values } = (typeof option === "object" && option !== null ? option : {}) as Record<string, unknown>;
    return { name: typeof name === "string" ? name : null, values: strings(values) };
  });
  const names = new Set<string>();
  options.forEach((option, index) => {
    if (option.name === null) return;
    const name = option.name.toLowerCase();
    if (names.has(name)) issues.push({ path: ["options", index, "name"], message: OPTION_NAME_REPEATED_MESSAGE });
    names.add(name);
    if (option.values.length === 0)
      issues.push({ path: ["options", index, "values"], message: OPTION_VALUES_EMPTY_MESSAGE });
    else if (new Set(option.values.map((v) => v.toLowerCase())).size < option.values.length)
      issues.push({ path: ["options", index, "values"], message: OPTION_VALUE_REPEATED_MESSAGE });
  });
  const complete = options.every((option) => option.name !== null);
  if (complete && combinationCount(options as ProductOption[]) > MAX_PRODUCT_VARIANTS)
    issues.push({ path: ["variants"], message: TOO_MANY_VARIANTS_MESSAGE });
  const variants = (Array.isArray(value.variants) ? (value.variants as unknown[]) : []).map((variant) => {
    const { optionValues, sku } = (typeof variant === "object" && variant !== null ? variant : {}) as Record<
      string,
      unknown
    >;
    return { values: strings(optionValues), sku: typeof sku === "string" ? sku : null };
  });
  if (options.length > 0 && complete && variants.length === 0)
    issues.push({ path: ["variants"], message: NO_VARIANT_MESSAGE });
  const keys = new Set<string>();
  const skus = new Set<string>();
  if (typeof value.sku === "string" && options.length === 0) skus.add(value.sku.toLowerCase());
  variants.forEach((variant, index) => {
    if (options.length > 0 && complete) {
      const fits =
        variant.values.length === options.length && variant.values.every((v, i) => options[i]!.values.includes(v));
      const key = variantKey(variant.values);
      if (!fits || keys.has(key)) issues.push({ path: ["variants", index], message: VARIANT_UNKNOWN_MESSAGE });
      keys.add(key);
    }
    if (options.length > 0 && variant.sku !== null) {
      const sku = variant.sku.toLowerCase();
      if (skus.has(sku)) issues.push({ path: ["variants", index, "sku"], message: SKU_REPEATED_MESSAGE });
      skus.add(sku);
    }
  });
  return issues;
}

/** A physical product's variant as stored: its combination, title, codes and price override. */
export type PhysicalVariantInput = {
  optionValues: string[];
  title: string;
  sku: string | null;
  barcode: string | null;
  priceCents: number | null;
};

/**
 * What a valid physical form stores: the options and one variant per kept combination (the default one without
 * options).
 */
export function toPhysicalInput(value: PhysicalFields) {
  const options = (value.options ?? []).map((option) => ({ name: option.name, values: option.values ?? [] }));
  const variants: PhysicalVariantInput[] =
    options.length === 0
      ? [{ optionValues: [], title: "", sku: value.sku, barcode: value.barcode, priceCents: null }]
      : (value.variants ?? []).map((variant) => ({
          optionValues: variant.optionValues ?? [],
          title: variantTitle(variant.optionValues ?? []),
          sku: variant.sku,
          barcode: variant.barcode,
          priceCents: variant.price,
        }));
  return {
    options,
    weightGrams: value.weight,
    allowBackorder: value.allowBackorder,
    lowStockThreshold: value.lowStockThreshold,
    variants,
  };
}

export type PhysicalInput = ReturnType<typeof toPhysicalInput>;

/** The codes of the physical rules a verb checks again past the form. */
export type PhysicalRule =
  | "PRODUCT_TOO_MANY_OPTIONS"
  | "PRODUCT_OPTION_VALUES_EMPTY"
  | "PRODUCT_TOO_MANY_VARIANTS"
  | "PRODUCT_BARCODE_INVALID";

/** The rule a physical product's input breaks, as the verbs check it again past the form; null when it breaks none. */
export function physicalInputFailure(physical: PhysicalInput | null): PhysicalRule | null {
  if (!physical) return null;
  if (physical.options.length > MAX_PRODUCT_OPTIONS) return "PRODUCT_TOO_MANY_OPTIONS";
  if (physical.options.some((option) => option.values.length === 0)) return "PRODUCT_OPTION_VALUES_EMPTY";
  if (physical.variants.length > MAX_PRODUCT_VARIANTS) return "PRODUCT_TOO_MANY_VARIANTS";
  if (physical.variants.some((variant) => variant.barcode !== null && !isValidBarcode(variant.barcode)))
    return "PRODUCT_BARCODE_INVALID";
  return null;
}
