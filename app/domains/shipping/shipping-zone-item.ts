import type { WeightBand } from "~/domains/shipping/shipping-price";

/** A seller's shipping rate as the settings page lists and edits it. */
export type ShippingRateItem = {
  id: string;
  name: string;
  kind: "flat" | "weight";
  priceCents: number;
  bands: WeightBand[];
  freeAboveCents: number | null;
};

/** A seller's shipping zone with its rates, in the seller's order. */
export type ShippingZoneItem = { id: string; name: string; countries: string[]; rates: ShippingRateItem[] };
