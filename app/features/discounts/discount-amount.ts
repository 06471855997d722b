// How much a discount code takes off a subtotal (issue 15). Pure and browser-safe: the checkout page shows the
// summary with it, and the server computes the amount the buyer pays with the same function (never trusting the
// browser's figure). Integer minor units only.

export type DiscountTerms = { kind: "percent"; percentOff: number } | { kind: "fixed"; amountOffCents: number };

/** The discount in minor units: a percentage rounded half up, a fixed amount; never more than the subtotal. */
export function discountAmount(subtotalCents: number, terms: DiscountTerms): number {
  if (subtotalCents <= 0) return 0;
  const off = terms.kind === "percent" ? Math.floor((subtotalCents * terms.percentOff + 50) / 100) : terms.amountOffCents;
  return Math.max(0, Math.min(subtotalCents, off));
}
