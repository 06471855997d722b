/** The code a "Rest of world" zone keeps as its only country: it serves every country no other zone names. */
export const REST_OF_WORLD = "*";

/** One weight band: orders up to `maxGrams` pay `priceCents`. */
export type WeightBand = { maxGrams: number; priceCents: number };

/** What a rate's price depends on. */
export type ShippingRateTerms = {
  kind: "flat" | "weight";
  priceCents: number;
  bands: readonly WeightBand[];
  freeAboveCents: number | null;
};

/** What an order's shipping price depends on: its goods' subtotal and total weight. */
export type ShippedGoods = { subtotalCents: number; weightGrams: number };

/**
 * A rate's price for an order. It is 0 when the goods' subtotal reaches the free-above amount, else the flat price or
 * the first weight band holding the order's weight. It is null when the order is heavier than every band.
 */
export function shippingPrice(rate: ShippingRateTerms, goods: ShippedGoods): number | null {
  if (rate.kind === "weight") {
    const band = [...rate.bands].sort((a, b) => a.maxGrams - b.maxGrams).find((b) => goods.weightGrams <= b.maxGrams);
    if (!band) return null;
    if (rate.freeAboveCents !== null && goods.subtotalCents >= rate.freeAboveCents) return 0;
    return band.priceCents;
  }
  if (rate.freeAboveCents !== null && goods.subtotalCents >= rate.freeAboveCents) return 0;
  return rate.priceCents;
}

/** The zone serving `country`: the one naming it, else a "Rest of world" zone; null when none does. */
export function zoneFor<Z extends { countries: readonly string[] }>(zones: readonly Z[], country: string): Z | null {
  return (
    zones.find((zone) => zone.countries.includes(country)) ??
    zones.find((zone) => zone.countries.includes(REST_OF_WORLD)) ??
    null
  );
}

/** An order's weight: each line's unit weight (the variant's, else the product's, else 0) times its quantity. */
export function orderWeight(lines: readonly { unitWeightGrams: number | null; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + (line.unitWeightGrams ?? 0) * line.quantity, 0);
}
