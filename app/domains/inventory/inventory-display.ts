/** The Store Management page of a retail seller. */
export const STORE_MANAGEMENT_PATH = "/tools/retail-dashboard";
/** The inventory download: one row per item and location, the same columns the import reads. */
export const INVENTORY_EXPORT_PATH = "/tools/retail-dashboard/inventory.csv";
/** Where the seller switches the store's features on and off. */
export const RETAIL_SETUP_PATH = "/sales/retail-store";

/** Items shown per page of the inventory table. */
export const INVENTORY_PAGE_SIZE = 50;
/** The largest CSV import accepted: room for well over 10,000 rows. */
export const STOCK_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The most rows one import may hold. */
export const STOCK_IMPORT_MAX_ROWS = 20_000;
/** The most preview errors shown, so a broken file does not make a huge page. */
export const STOCK_IMPORT_ERRORS_SHOWN = 100;

/** The Retail Store setup's features this page shows something for. */
export type StoreFeatures = { pos: boolean; inventory: boolean; customer: boolean; analytics: boolean };

/**
 * Which of the setup's switched-on features the page shapes itself by; the others have no page yet and are not shown.
 */
export function storeFeatures(settings: Record<string, unknown> | null | undefined): StoreFeatures {
  const list = Array.isArray(settings?.features) ? (settings.features as unknown[]) : [];
  const on = (name: string) => list.includes(name);
  return { pos: on("pos"), inventory: on("inventory"), customer: on("customer"), analytics: on("analytics") };
}

/** The inventory page's URL for a view; empty values are left out. */
export function inventoryHref(view: Record<string, string | number | null | undefined>, hash = ""): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view))
    if (value !== null && value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return `${STORE_MANAGEMENT_PATH}${query ? `?${query}` : ""}${hash}`;
}

/** A variant's name for people: the product's name and, when it has options, the variant's title. */
export function itemName(productName: string, variantTitle: string): string {
  return variantTitle ? `${productName} — ${variantTitle}` : productName;
}
