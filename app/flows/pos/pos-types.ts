import type { PosPaymentMethod, ZReport } from "./pos-rules";

// What the point of sale's pages read, browser-safe: the loaders' shapes.

/** A register as the point of sale lists it, with its open shift if any. */
export type PosRegister = {
  id: string;
  name: string;
  locationId: string;
  locationName: string;
  /** The label of the register's Stripe Terminal reader, null when none is connected. */
  cardReaderLabel: string | null;
  /** The register is an event's stall: it takes the methods of the Event Sales setup only. */
  atEvent: boolean;
  /** The methods this register takes, when fewer than the page's (set by the page for an event's stall). */
  methods?: PosPaymentMethod[];
  openShift: {
    id: string;
    openedAt: string;
    openingFloatCents: number;
    currency: string;
    /** The shift's latest paid or refunded sales, newest first, for returns at the counter. */
    sales: PosShiftSale[];
  } | null;
};

/** One sellable item of the catalogue: a digital product, or one variant of a physical product. */
export type PosItem = {
  productId: string;
  variantId: string | null;
  name: string;
  variantTitle: string;
  sku: string | null;
  barcode: string | null;
  priceCents: number;
  physical: boolean;
  coverId: string | null;
  /** Available units (on hand − held) per location id; physical items only. */
  stock: Record<string, number>;
};

/** A catalogue item as the page holds it, with the server's signature of its price. */
export type SellableItem = PosItem & { priceToken: string };

/**
 * An event the seller sells at, as the phone's point of sale offers it: its stall is the stock location `locationId`.
 */
export type PosEvent = { id: string; name: string; locationId: string; startsAt: string; endsAt: string };

export type PosPage = {
  registers: PosRegister[];
  items: PosItem[];
  /** The seller's 30 soonest events not over for a week, soonest first. */
  events: PosEvent[];
  /** The seller's time zone from Settings, null when unset. */
  timeZone: string | null;
  /** The Event Sales setup's payment methods, null without one. */
  eventPaymentMethods: string[] | null;
};

/** A shift as its report page shows it; `report` is kept from its close, null while it is open. */
export type ShiftReport = {
  id: string;
  registerName: string;
  locationName: string;
  openedAt: string;
  closedAt: string | null;
  report: ZReport | null;
};

/** A counter card or pay-on-phone payment as the register polls it: `message` is the provider's last decline. */
export type PosPaymentState = { status: "pending" | "paid" | "closed"; message: string; totalCents: number };

/** A sale of the open shift as the returns form lists it. */
export type PosShiftSale = {
  orderId: string;
  soldAt: string;
  amountCents: number;
  status: string;
  lines: {
    id: string;
    name: string;
    variantTitle: string;
    quantity: number;
    refundedQuantity: number;
    physical: boolean;
  }[];
};

/** A sale found for a return at the counter: a counter sale of any shift or an online order of the seller. */
export type PosFoundSale = PosShiftSale & { channel: string; email: string; currency: string };
