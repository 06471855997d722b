/**
 * An order discount shared across lines in proportion to their subtotals, rounded down to whole minor units.
 * The remainder goes to the last line, never past a line's subtotal, so the shares add up to the discount.
 */
export function splitDiscount(subtotals: readonly number[], discountCents: number): number[] {
  const total = subtotals.reduce((sum, s) => sum + s, 0);
  if (subtotals.length === 0) return [];
  if (total <= 0 || discountCents <= 0) return subtotals.map(() => 0);
  const shares = subtotals.map((s) => Math.floor((s * discountCents) / total));
  let rest = Math.min(discountCents, total) - shares.reduce((sum, s) => sum + s, 0);
  // A line never gets more off than it costs: what the last line cannot take goes to the one before it.
  for (let i = shares.length - 1; i >= 0 && rest > 0; i -= 1) {
    const taken = Math.min(rest, subtotals[i]! - shares[i]!);
    shares[i]! += taken;
    rest -= taken;
  }
  return shares;
}
