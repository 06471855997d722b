import { z } from "zod";
import { isPhysicalType, PRICING_MODES, PRODUCT_TYPES } from "~/domains/catalog/content/product-types";
import { type Currency, formatMoney, MAXIMUM_PRICE_MINOR, MINIMUM_CHARGE_MINOR } from "~/lib/money";
import { amountField } from "./amount-field";
import { physicalProductFields, physicalProductIssues, toPhysicalInput } from "./physical-product";
import {
  productSlugOf,
  RESERVED_PRODUCT_SLUGS,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  slugify,
} from "~/domains/catalog/slugify";
import { checkbox } from "~/lib/form-fields";

/** The product form's limits and messages, shared by the browser and the server. */
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SUMMARY_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
/** A cover as uploaded (before it is resized to the web widths). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

export const NAME_REQUIRED_MESSAGE = "Please enter a product name";
export const NAME_TOO_LONG_MESSAGE = `Please keep the name under ${PRODUCT_NAME_MAX} characters`;
export const TYPE_MESSAGE = "Please choose a product type";
export const SUMMARY_TOO_LONG_MESSAGE = `Please keep the summary under ${PRODUCT_SUMMARY_MAX} characters`;
export const DESCRIPTION_TOO_LONG_MESSAGE = `Please keep the description under ${PRODUCT_DESCRIPTION_MAX.toLocaleString("en-US")} characters`;
export const PRICING_MESSAGE = "Please choose how the product is priced";
export const AMOUNT_INVALID_MESSAGE = "Please enter an amount like 12 or 12.50 (no minus sign, at most two decimals)";
export const PRICE_REQUIRED_MESSAGE = "Please enter a price";
export const SLUG_INVALID_MESSAGE = `Please use only lowercase letters, numbers and single hyphens (at most ${SLUG_MAX_LENGTH} characters)`;
export const SLUG_RESERVED_MESSAGE = "This URL slug is taken by your Link in Bio page. Please choose another.";
export const SLUG_REQUIRED_MESSAGE = "Please enter a URL slug: the name has no letters or numbers to make one from";
export const COVER_TYPE_MESSAGE = "The cover must be an image file (PNG, JPEG, WebP or GIF).";
export const COVER_SIZE_MESSAGE = `The cover image must be at most ${COVER_MAX_BYTES / 1024 / 1024} MB`;

/** The smallest card payment of the currency, for messages. */
export function minimumPriceMessage(currency: Currency, what = "The price"): string {
  return `${what} must be at least ${formatMoney(MINIMUM_CHARGE_MINOR[currency], currency)}, the smallest amount a card payment can charge in ${currency}`;
}

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as [T[number]["value"], ...T[number]["value"][]];

/** The product form (create and edit) for a store in `currency`; prices come out in minor units, null when empty. */
export function productSchema(currency: Currency) {
  const minimum = MINIMUM_CHARGE_MINOR[currency];
  return z
    .object({
      name: z
        .string({ error: NAME_REQUIRED_MESSAGE })
        .trim()
        .min(1, NAME_REQUIRED_MESSAGE)
        .max(PRODUCT_NAME_MAX, NAME_TOO_LONG_MESSAGE),
      type: z.enum(values(PRODUCT_TYPES), { error: TYPE_MESSAGE }),
      summary: z.string().trim().max(PRODUCT_SUMMARY_MAX, SUMMARY_TOO_LONG_MESSAGE).optional().default(""),
      // Not trimmed at the start: Markdown's leading spaces can mean an indented code block.
      description: z
        .string()
        .max(PRODUCT_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG_MESSAGE)
        .optional()
        .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trimEnd()),
      pricing: z.enum(values(PRICING_MODES), { error: PRICING_MESSAGE }),
      price: amountField(currency, AMOUNT_INVALID_MESSAGE),
      minPrice: amountField(currency, AMOUNT_INVALID_MESSAGE),
      suggestedPrice: amountField(currency, AMOUNT_INVALID_MESSAGE),
      slug: z
        .string()
        .trim()
        .toLowerCase()
        .max(SLUG_MAX_LENGTH, SLUG_INVALID_MESSAGE)
        .regex(SLUG_PATTERN, SLUG_INVALID_MESSAGE)
        .refine((slug) => !RESERVED_PRODUCT_SLUGS.includes(slug), SLUG_RESERVED_MESSAGE)
        .optional(),
      cover: z
        .instanceof(File)
        .optional()
        .refine(
          (file) => !file || file.size === 0 || (COVER_TYPES as readonly string[]).includes(file.type),
          COVER_TYPE_MESSAGE,
        )
        .refine((file) => !file || file.size <= COVER_MAX_BYTES, COVER_SIZE_MESSAGE),
      removeCover: checkbox,
      // A physical product's part: checked against each other below only when the type is physical.
      ...physicalProductFields(currency, AMOUNT_INVALID_MESSAGE),
    })
    .superRefine(
      (value, ctx) => {
        // Runs even while other fields are invalid, so every message shows at once; a field that failed its own parsing
        // is skipped.
        const price = amountOrNull(value.price);
        const minPrice = amountOrNull(value.minPrice);
        const suggestedPrice = amountOrNull(value.suggestedPrice);
        if (value.pricing === "fixed") {
          if (price === null) ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_REQUIRED_MESSAGE });
          else if (price !== undefined && price < minimum)
            ctx.addIssue({ code: "custom", path: ["price"], message: minimumPriceMessage(currency) });
        }
        if (value.pricing === "pwyw" && minPrice !== undefined) {
          const least = minPrice ?? 0;
          if (least > 0 && least < minimum)
            ctx.addIssue({
              code: "custom",
              path: ["minPrice"],
              message: `${minimumPriceMessage(currency, "A minimum above zero")} (or 0 to let buyers pay nothing)`,
            });
          if (typeof suggestedPrice === "number" && suggestedPrice < Math.max(least, 1))
            ctx.addIssue({
              code: "custom",
              path: ["suggestedPrice"],
              message:
                least > 0
                  ? `The suggested price must be at least the minimum, ${formatMoney(least, currency)}`
                  : "The suggested price must be more than 0",
            });
          else if (typeof suggestedPrice === "number" && suggestedPrice < minimum)
            ctx.addIssue({
              code: "custom",
              path: ["suggestedPrice"],
              message: minimumPriceMessage(currency, "The suggested price"),
            });
        }
        if (typeof value.type === "string" && isPhysicalType(value.type)) {
          for (const issue of physicalProductIssues(value)) ctx.addIssue({ code: "custom", ...issue });
          if (value.pricing === "fixed" && Array.isArray(value.variants))
            value.variants.forEach((variant: unknown, index) => {
              const override = amountOrNull((variant as { price?: unknown } | null)?.price);
              if (typeof override === "number" && override < minimum)
                ctx.addIssue({
                  code: "custom",
                  path: ["variants", index, "price"],
                  message: minimumPriceMessage(currency),
                });
            });
        }
        if (!value.slug && typeof value.name === "string" && value.name.trim() && !slugify(value.name))
          ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_REQUIRED_MESSAGE });
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    );
}

/** A parsed amount field: a number, null (left empty), or undefined (its own parsing failed). */
function amountOrNull(value: unknown): number | null | undefined {
  return typeof value === "number" || value === null ? value : undefined;
}

export type ProductFormOutput = z.output<ReturnType<typeof productSchema>>;

/**
 * What is stored from a valid form: prices in minor units, and the slug made from the name when left empty. The root is
 * no transform because Conform reads constraints from it.
 */
export function toProductInput(value: ProductFormOutput) {
  const {
    price,
    minPrice,
    suggestedPrice,
    slug,
    sku,
    barcode,
    weight,
    allowBackorder,
    lowStockThreshold,
    options,
    variants,
    ...rest
  } = value;
  const pricing =
    rest.pricing === "fixed"
      ? { priceCents: price ?? 0, minPriceCents: null, suggestedPriceCents: null }
      : rest.pricing === "free"
        ? { priceCents: 0, minPriceCents: null, suggestedPriceCents: null }
        : { priceCents: minPrice ?? 0, minPriceCents: minPrice ?? 0, suggestedPriceCents: suggestedPrice };
  // A digital product keeps none of the physical part; a free physical product has no price overrides.
  const physical = isPhysicalType(rest.type)
    ? toPhysicalInput({
        sku,
        barcode,
        weight,
        allowBackorder,
        lowStockThreshold,
        options,
        variants: variants?.map((variant) => (rest.pricing === "fixed" ? variant : { ...variant, price: null })),
      })
    : null;
  return { ...rest, ...pricing, slug: slug || productSlugOf(rest.name), physical };
}

export type ProductInput = ReturnType<typeof toProductInput>;

/** A saved product as the form's starting values (amounts as typed: "12.50"). */
export type ProductFormValues = {
  name: string;
  type: string;
  summary: string;
  description: string;
  pricing: string;
  price: string;
  minPrice: string;
  suggestedPrice: string;
  slug: string;
  sku: string;
  barcode: string;
  weight: string;
  allowBackorder: boolean;
  lowStockThreshold: string;
  options: { name: string; values: string[] }[];
  variants: { optionValues: string[]; sku: string; barcode: string; price: string }[];
};

/** What is missing for a product to be published, as sentences; empty when it can be. */
export function missingForPublishing(product: {
  name: string;
  pricing: string;
  priceCents: number;
  currency: string;
}): string[] {
  const missing: string[] = [];
  if (!product.name.trim()) missing.push("a name");
  if (product.pricing === "fixed") {
    const minimum = MINIMUM_CHARGE_MINOR[product.currency as Currency] ?? 1;
    if (!(product.priceCents >= minimum && product.priceCents <= MAXIMUM_PRICE_MINOR)) missing.push("a valid price");
  }
  return missing;
}

/** The publishing refusal's message ("Add a name and a valid price before publishing."). */
export function notReadyMessage(missing: string[]): string {
  return `Add ${missing.join(" and ")} before publishing.`;
}
