/** The server-computed price parts a summary shows, in minor units. */
export type PriceSummaryData = {
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  /** Orders that ship: the chosen option's name and price, or null before one is chosen. */
  shipping?: { name: string; priceCents: number } | null;
  ships?: boolean;
  amountCents: number;
  currency: string;
};

/** A shipping option as the buy page lists it. */
export type ShippingChoice = { rateId: string; name: string; priceCents: number };

/** The shipping options a buy page lists, and the one priced in its summary; null for orders that do not ship. */
export type ShippingAnswer = { options: ShippingChoice[]; chosen: string | null } | null;
