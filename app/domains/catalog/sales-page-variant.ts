import { type StockNotice, stockNotice } from "~/domains/catalog/stock-notice";
import type { ProductOption } from "~/domains/catalog/variant-options";

/** A variant on sale as the sales page reads it; `available` is the Online location's on hand less held. */
export type SalesPageVariant = {
  id: string;
  optionValues: string[];
  title: string;
  priceCents: number | null;
  available: number;
};

/** The picker's field for the option at `index` ("option-1"…), posted by its GET form. */
export const optionParam = (index: number) => `option-${index + 1}`;

/** The sales page's choice: a redirect to a canonical address, or the chosen values and variant (null: not sold). */
export type VariantChoice =
  | { kind: "redirect"; variantId: string | null }
  | { kind: "chosen"; values: string[]; variant: SalesPageVariant | null; notice: StockNotice };

/**
 * Which variant the sales page shows for its query: `?variant=<id>`, or the picker's option values (redirected to the
 * variant's address); otherwise the first in stock, else the first. An unknown variant redirects to the bare page.
 */
export function chooseVariant(
  options: readonly ProductOption[],
  variants: readonly SalesPageVariant[],
  query: URLSearchParams,
  allowBackorder: boolean,
): VariantChoice {
  const chosen = (variant: SalesPageVariant): VariantChoice => ({
    kind: "chosen",
    values: variant.optionValues,
    variant,
    notice: stockNotice(variant.available, allowBackorder),
  });
  const id = query.get("variant");
  if (id !== null) {
    const variant = variants.find((candidate) => candidate.id === id);
    return variant ? chosen(variant) : { kind: "redirect", variantId: null };
  }
  const picked = options.map((_, index) => query.get(optionParam(index)));
  if (options.length > 0 && picked.some((value) => value !== null)) {
    const variant = variants.find((candidate) => candidate.optionValues.every((value, i) => value === picked[i]));
    if (variant) return { kind: "redirect", variantId: variant.id };
    const values = picked.map((value, i) => (value !== null && options[i]!.values.includes(value) ? value : ""));
    return { kind: "chosen", values, variant: null, notice: null };
  }
  const first = variants.find((variant) => stockNotice(variant.available, allowBackorder)?.kind !== "sold-out");
  const fallback = first ?? variants[0];
  return fallback ? chosen(fallback) : { kind: "chosen", values: [], variant: null, notice: null };
}
