/** Where stock is kept: the store's one Online location, a shop, or an event's stall. */
export const STOCK_LOCATION_KINDS = ["online", "shop", "event"] as const;
export type StockLocationKind = (typeof STOCK_LOCATION_KINDS)[number];

/** The name of the location every store has for its online sales. */
export const ONLINE_LOCATION_NAME = "Online";

/** What moved stock; the quantity's sign says the direction. */
export const STOCK_MOVEMENT_KINDS = [
  { value: "received", label: "Received" },
  { value: "sold", label: "Sold" },
  { value: "returned", label: "Returned" },
  { value: "adjusted", label: "Adjusted" },
  { value: "transferred", label: "Transferred" },
  { value: "counted", label: "Counted" },
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number]["value"];

/** Why a seller adjusted stock by hand. */
export const ADJUSTMENT_REASONS = [
  { value: "damaged", label: "Damaged" },
  { value: "lost", label: "Lost" },
  { value: "found", label: "Found" },
  { value: "correction", label: "Correction" },
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]["value"];
