import { amountInput } from "~/lib/money";
import type { ProductFormValues } from "~/domains/catalog/schemas/product";
import { formatWeight } from "~/domains/catalog/weight";
import type { ProductOption } from "~/domains/catalog/variant-options";

/** A new product's starting values: an e-book at a fixed price, everything else empty. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  name: "",
  type: "ebook",
  summary: "",
  description: "",
  pricing: "fixed",
  price: "",
  minPrice: "",
  suggestedPrice: "",
  slug: "",
  sku: "",
  barcode: "",
  weight: "",
  allowBackorder: false,
  lowStockThreshold: "",
  options: [],
  variants: [],
};

/** A saved variant as the editor reads it. */
export type SavedVariant = {
  id: string;
  optionValues: string[];
  sku: string | null;
  barcode: string | null;
  priceCents: number | null;
  /** Units on hand less those held, over every location. */
  available: number;
};

/** A saved product as the form's values, amounts as typed ("12.50"). */
export function productFormValues(product: {
  name: string;
  type: string;
  summary: string;
  description: string;
  pricing: string;
  priceCents: number;
  minPriceCents: number | null;
  suggestedPriceCents: number | null;
  slug: string;
  options?: ProductOption[];
  weightGrams?: number | null;
  allowBackorder?: boolean;
  lowStockThreshold?: number | null;
  variants?: SavedVariant[];
}): ProductFormValues {
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  const single = options.length === 0 ? variants[0] : undefined;
  return {
    name: product.name,
    type: product.type,
    summary: product.summary,
    description: product.description,
    pricing: product.pricing,
    price: product.pricing === "fixed" ? amountInput(product.priceCents) : "",
    minPrice: product.pricing === "pwyw" && product.minPriceCents !== null ? amountInput(product.minPriceCents) : "",
    suggestedPrice:
      product.pricing === "pwyw" && product.suggestedPriceCents !== null
        ? amountInput(product.suggestedPriceCents)
        : "",
    slug: product.slug,
    sku: single?.sku ?? "",
    barcode: single?.barcode ?? "",
    weight: product.weightGrams != null ? formatWeight(product.weightGrams) : "",
    allowBackorder: product.allowBackorder ?? false,
    lowStockThreshold: product.lowStockThreshold != null ? String(product.lowStockThreshold) : "",
    options,
    variants:
      options.length === 0
        ? []
        : variants.map((variant) => ({
            optionValues: variant.optionValues,
            sku: variant.sku ?? "",
            barcode: variant.barcode ?? "",
            price: variant.priceCents !== null ? amountInput(variant.priceCents) : "",
          })),
  };
}
