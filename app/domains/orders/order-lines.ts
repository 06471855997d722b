/** What an order line delivers: files to download, or goods from stock. */
export type LineKind = "digital" | "physical";

/** How far an order's physical lines have shipped; `none` when the order has none. */
export const FULFILMENT_STATUSES = [
  { value: "unfulfilled", label: "Unfulfilled" },
  { value: "partial", label: "Partly fulfilled" },
  { value: "fulfilled", label: "Fulfilled" },
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number]["value"] | "none";

/** Where a buyer wants physical goods shipped, as entered and validated at checkout. */
export type ShippingAddress = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

/** One line of an order as the seller's pages read it. */
export type OrderLine = {
  id: string;
  kind: LineKind;
  productId: string | null;
  variantId: string | null;
  productName: string;
  variantTitle: string;
  sku: string | null;
  unitPriceCents: number;
  quantity: number;
  subtotalCents: number;
  discountCents: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
  restockedQuantity: number;
};

/**
 * Units of some lines to refund, and whether physical ones go back into stock (at the order's location unless named).
 */
export type LineRefundRequest = {
  lines: { lineId: string; quantity: number }[];
  restock: boolean;
  /** The seller's own location the restocked units go to, as a counter return names it; the order's otherwise. */
  restockLocationId?: string;
};

/**
 * What refunding `quantity` more units of a line gives back: its paid share per unit, rounded so all units return
 * exactly that share.
 */
export function lineRefundCents(
  line: { subtotalCents: number; discountCents: number; quantity: number; refundedQuantity: number },
  quantity: number,
): number {
  const paid = Math.max(0, line.subtotalCents - line.discountCents);
  const upTo = (units: number) => Math.floor((paid * units) / line.quantity);
  return upTo(line.refundedQuantity + quantity) - upTo(line.refundedQuantity);
}
