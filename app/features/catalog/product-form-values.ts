import { amountInput } from "~/lib/money";
import type { ProductFormValues } from "~/features/catalog/schemas/product";

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
}): ProductFormValues {
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
  };
}
