// How much a discount code takes off a subtotal, in integer minor units; browser-safe so checkout and server share one
// calculation.

export type DiscountTerms = { kind: "percent"; percentOff: number } | { kind: "fixed"; amountOffCents: number };

/** The discount in minor units: a percentage rounded half up, a fixed amount; never more than the subtotal. */
export function discountAmount(subtotalCents: number, terms: DiscountTerms): number {
  if (subtotalCents <= 0) return 0;
  const off =
    terms.kind === "percent" ? Math.floor((subtotalCents * terms.percentOff + 50) / 100) : terms.amountOffCents;
  return Math.max(0, Math.min(subtotalCents, off));
}
