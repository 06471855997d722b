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
