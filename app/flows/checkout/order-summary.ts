/** A line as the provider's checkout describes it. */
type SummaryLine = { productName: string; variantTitle: string; quantity: number };

/** The longest description the providers take (PayPal's purchase unit description). */
const MAX_SUMMARY = 127;

/** What the buyer sees at the payment provider: "Mug (M) ×2, E-book", cut to the providers' longest description. */
export function orderSummary(lines: readonly SummaryLine[]): string {
  const text = lines
    .map((line) => {
      const name = line.variantTitle ? `${line.productName} (${line.variantTitle})` : line.productName;
      return line.quantity > 1 ? `${name} ×${line.quantity}` : name;
    })
    .join(", ");
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}
