import type { StockLocationKind, StockMovementKind } from "./stock-kinds";

/** What the inventory table shows: a search, one location, low stock only, a page, and an item's open history. */
export type InventoryView = {
  search: string | null;
  locationId: string | null;
  lowOnly: boolean;
  page: number;
  itemId: string | null;
};

/** One of the seller's locations as the page shows it. */
export type StoreLocation = {
  id: string;
  kind: StockLocationKind;
  name: string;
  address: string;
  openingHours: string;
  phone: string;
  archived: boolean;
};

/** One variant's row: its names and codes, its threshold and its level at each location ([id, on hand, reserved]). */
export type InventoryItem = {
  id: string;
  productId: string;
  productName: string;
  variantTitle: string;
  sku: string | null;
  barcode: string | null;
  threshold: number | null;
  levels: [locationId: string, onHand: number, reserved: number][];
};

/** One ledger line of an item's history. */
export type StockHistoryEntry = {
  id: string;
  createdAt: string;
  kind: StockMovementKind;
  quantity: number;
  reason: string | null;
  note: string;
  locationName: string;
  actorName: string | null;
};

/** The page's data, read in the guard's one statement. */
export type StoreManagementData = {
  setup: Record<string, unknown> | null;
  locations: StoreLocation[];
  anyItems: boolean;
  total: number;
  items: InventoryItem[];
  history: StockHistoryEntry[] | null;
};
