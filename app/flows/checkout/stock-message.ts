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

/** A line's refused hold: the variant, the units asked, and the units the location reported available. */
type Shortage = { variantId: string; requested: number; available: number };

/**
 * The refused holds of a checkout by line, with what the buyer is told: "Sold out" or "Only 2 left" for one line,
 * each product named for several. A refused hold always had fewer units than asked, whatever level it reported.
 */
export function describeShortages(
  shortages: readonly Shortage[],
  lines: readonly { variantId: string | null; productName: string }[],
): { message: string; shortages: (Shortage & { line: number })[] } {
  const byLine = shortages.map((shortage) => ({
    ...shortage,
    // A hold lost to a concurrent buyer may read the level from before that buyer's.
    available: Math.min(shortage.available, shortage.requested - 1),
    line: lines.findIndex((line) => line.variantId === shortage.variantId),
  }));
  const message =
    lines.length === 1
      ? shortageMessage(byLine[0]?.available ?? 0)
      : byLine.map((s) => `${lines[s.line]?.productName}: ${shortageMessage(s.available)}`).join("; ");
  return { message, shortages: byLine };
}
