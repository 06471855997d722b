import { FULFILMENT_STATUSES, type FulfilmentStatus, type ShippingAddress } from "~/domains/orders/order-lines";

// How an order's shipments read to the seller, the packer and the buyer. Browser-safe.

/** The orders list's fulfilment filters, each with the label the seller reads. */
export type FulfilmentFilter = Exclude<FulfilmentStatus, "none">;

export const FULFILMENT_LABELS: Record<FulfilmentFilter, string> = Object.fromEntries(
  FULFILMENT_STATUSES.map((status) => [status.value, status.label]),
) as Record<FulfilmentFilter, string>;

/** Whether a search parameter names one of the fulfilment filters. */
export function isFulfilmentFilter(value: unknown): value is FulfilmentFilter {
  return typeof value === "string" && FULFILMENT_STATUSES.some((status) => status.value === value);
}

/** A physical line of an order, with how many units shipped and were refunded. */
export type FulfilmentLine = {
  id: string;
  productName: string;
  variantTitle: string;
  sku: string | null;
  quantity: number;
  fulfilledQuantity: number;
  refundedQuantity: number;
};

/** One shipment: which units went, with which carrier and tracking. */
export type Shipment = {
  id: string;
  createdAt: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  lines: { lineId: string; quantity: number }[];
};

/** What the fulfilment panel and the packing slip read of an order with physical lines. */
export type OrderFulfilment = {
  orderId: string;
  status: FulfilmentStatus;
  orderStatus: string;
  storeName: string;
  customerEmail: string;
  createdAt: string;
  paidAt: string | null;
  shippingAddress: ShippingAddress | null;
  shippingRateName: string | null;
  lines: FulfilmentLine[];
  shipments: Shipment[];
};

/** Where an order's packing slip prints. */
export const packingSlipPath = (orderId: string) => `/orders/${orderId}/packing-slip`;

/** A country code's English name ("GB" → "United Kingdom"), or the code when the runtime does not know it. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** An address as the lines of a label, empty parts left out. */
export function addressLines(address: ShippingAddress): string[] {
  const town = [address.city, address.region, address.postcode].filter(Boolean).join(", ");
  return [address.name, address.line1, address.line2, town, address.country ? countryName(address.country) : ""]
    .map((line) => (line ?? "").trim())
    .filter(Boolean);
}

/** Units of a line still to ship: bought, less shipped and refunded. */
export function unitsToShip(line: { quantity: number; fulfilledQuantity: number; refundedQuantity: number }): number {
  return Math.max(0, line.quantity - line.fulfilledQuantity - line.refundedQuantity);
}

/** A line as the buyer and the packer read it: "Mug (M / Blue)". */
export function lineTitle(line: { productName: string; variantTitle: string }): string {
  return line.variantTitle ? `${line.productName} (${line.variantTitle})` : line.productName;
}

/** A shipment's contents in words: "2 × Mug, 1 × Poster (A3)"; lines no longer on the order are left out. */
export function shipmentSummary(shipment: Shipment, lines: readonly FulfilmentLine[]): string {
  return shipment.lines
    .flatMap(({ lineId, quantity }) => {
      const line = lines.find((candidate) => candidate.id === lineId);
      return line ? [`${quantity} × ${lineTitle(line)}`] : [];
    })
    .join(", ");
}
