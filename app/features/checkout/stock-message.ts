/** At or below this many units a buy page says how many are left. */
export const FEW_LEFT = 5;

/** What a buyer is told when fewer units are available than they asked for: "Sold out" or "Only 2 left". */
export function shortageMessage(available: number): string {
  return available <= 0 ? "Sold out" : `Only ${available} left`;
}

/** A variant's availability for the buy page: sold out, a few left, in stock, or null when backorders never run out. */
export function availabilityLabel(available: number, allowBackorder: boolean): string | null {
  if (allowBackorder) return null;
  if (available <= 0) return "Sold out";
  return available <= FEW_LEFT ? `Only ${available} left` : "In stock";
}
