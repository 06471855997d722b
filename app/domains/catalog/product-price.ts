import { amountInput, formatMoney } from "~/lib/money";

/** A product's price as stored (minor units of `currency`). */
export type ProductPricing = {
  pricing: string;
  priceCents: number;
  minPriceCents: number | null;
  suggestedPriceCents: number | null;
  currency: string;
};

export const PAY_WHAT_YOU_WANT = "Pay what you want";
export const FREE = "Free";

/** The price for people: "$12.50", "Free", or "Pay what you want" with its minimum and suggestion. */
export function priceLabel(product: ProductPricing): { main: string; detail: string | null } {
  if (product.pricing === "free") return { main: FREE, detail: null };
  if (product.pricing === "pwyw") {
    const parts = [
      product.minPriceCents ? `from ${formatMoney(product.minPriceCents, product.currency)}` : null,
      product.suggestedPriceCents ? `suggested ${formatMoney(product.suggestedPriceCents, product.currency)}` : null,
    ].filter(Boolean);
    return { main: PAY_WHAT_YOU_WANT, detail: parts.length ? parts.join(" · ") : null };
  }
  return { main: formatMoney(product.priceCents, product.currency), detail: null };
}

/** The lowest price a buyer pays as a decimal string ("12.50"), for schema.org's Offer. */
export function offerPrice(product: ProductPricing): string {
  if (product.pricing === "free") return amountInput(0);
  if (product.pricing === "pwyw") return amountInput(product.minPriceCents ?? 0);
  return amountInput(product.priceCents);
}
