import { STOCK_IMPORT_MAX_ROWS } from "./inventory-display";

/** How an import changes stock: the file's quantity becomes the count, or is added as received. */
export const STOCK_IMPORT_MODES = [
  { value: "count", label: "Set counted quantity" },
  { value: "receive", label: "Receive (add to stock)" },
] as const;
export type StockImportMode = (typeof STOCK_IMPORT_MODES)[number]["value"];

/** The largest quantity one row may set or add. */
export const STOCK_QUANTITY_MAX = 1_000_000;

/** One data row of an import file, checked on its own; `row` is its spreadsheet row number (the header is row 1). */
export type StockImportRow = {
  row: number;
  sku: string;
  barcode: string;
  location: string;
  quantity: number | null;
  error: string | null;
};

/** The columns an import reads, by header name. */
type Columns = { sku: number; barcode: number; location: number; quantity: number };

/** The header's column positions, or the sentence saying what is missing. */
function columnsOf(header: readonly string[]): Columns | string {
  const names = header.map((name) => name.trim().toLowerCase());
  const columns = {
    sku: names.indexOf("sku"),
    barcode: names.indexOf("barcode"),
    location: names.indexOf("location"),
    quantity: names.indexOf("quantity"),
  };
  const missing = [
    columns.sku < 0 && columns.barcode < 0 ? "sku (or barcode)" : null,
    columns.location < 0 ? "location" : null,
    columns.quantity < 0 ? "quantity" : null,
  ].filter(Boolean);
  if (missing.length) return `The header row must name the columns ${missing.join(", ")}.`;
  return columns;
}

/** The quantity a cell holds, or the reason it is refused: whole, not negative, within bounds. */
export function importQuantity(cell: string): number | string {
  const text = cell.trim();
  if (!text) return "Enter a quantity.";
  if (!/^[+-]?\d+$/.test(text)) return `Quantity must be a whole number, not "${text.slice(0, 20)}".`;
  const value = Number(text);
  if (value < 0) return "Quantity cannot be negative.";
  if (value > STOCK_QUANTITY_MAX) return `Quantity must be at most ${STOCK_QUANTITY_MAX.toLocaleString("en-US")}.`;
  return value;
}

/**
 * An import file's rows checked alone: header columns, an item code, a location, a whole quantity of 0 or more, no
 * duplicates.
 */
export function checkImportRows(
  records: readonly string[][],
): { ok: true; rows: StockImportRow[] } | { ok: false; message: string } {
  const [header, ...body] = records;
  if (!header || body.length === 0) return { ok: false, message: "The file needs a header row and at least one row." };
  if (body.length > STOCK_IMPORT_MAX_ROWS)
    return { ok: false, message: `A file may hold at most ${STOCK_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows.` };
  const columns = columnsOf(header);
  if (typeof columns === "string") return { ok: false, message: columns };
  const seen = new Map<string, number>();
  const rows = body.map((record, index): StockImportRow => {
    const cell = (at: number) => (at >= 0 ? (record[at] ?? "").trim() : "");
    const row = index + 2;
    const sku = cell(columns.sku);
    const barcode = cell(columns.barcode);
    const location = cell(columns.location);
    const quantity = importQuantity(cell(columns.quantity));
    const base = { row, sku, barcode, location, quantity: typeof quantity === "number" ? quantity : null };
    if (!sku && !barcode) return { ...base, error: "Enter a SKU or a barcode." };
    if (!location) return { ...base, error: "Enter a location." };
    if (typeof quantity === "string") return { ...base, error: quantity };
    const key = `${(sku || `#${barcode}`).toLowerCase()}\u0000${location.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) return { ...base, error: `Duplicate of row ${first}: an item appears once per location.` };
    seen.set(key, row);
    return { ...base, error: null };
  });
  return { ok: true, rows };
}
