import type { WeightBand } from "~/domains/shipping/shipping-price";
import { formatMoney } from "~/lib/money";

/**
 * A rate in words for the seller's list: "$5.00 per order", "Up to 500 g: $4.00 · up to 2,000 g: $9.00", "free from
 * $50.00".
 */
export function describeRate(
  rate: { kind: "flat" | "weight"; priceCents: number; bands: readonly WeightBand[]; freeAboveCents: number | null },
  currency: string,
): string {
  const price =
    rate.kind === "flat"
      ? `${formatMoney(rate.priceCents, currency)} per order`
      : rate.bands
          .map((band) => `up to ${band.maxGrams.toLocaleString("en-US")} g: ${formatMoney(band.priceCents, currency)}`)
          .join(" · ");
  const free = rate.freeAboveCents === null ? "" : `; free from ${formatMoney(rate.freeAboveCents, currency)}`;
  return `${price.charAt(0).toUpperCase()}${price.slice(1)}${free}`;
}
