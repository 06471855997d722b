import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { variantItemsSql } from "~/domains/catalog/server/variant-sql.server";
import { csvRecord, textCell } from "~/lib/csv";

/** The export's header: the import reads sku (or barcode), location and quantity from the same file. */
export const INVENTORY_CSV_HEADER = [
  "sku",
  "barcode",
  "product",
  "variant",
  "location",
  "quantity",
  "reserved",
  "available",
  "low_stock_threshold",
] as const;

/** The seller's stock as CSV, one row per item and open location, so it filters in a spreadsheet and imports back. */
export async function exportInventoryCsv(db: Database, sellerId: string): Promise<string> {
  const result = await db.execute<{
    sku: string | null;
    barcode: string | null;
    product: string;
    variant: string;
    location: string;
    on_hand: number;
    reserved: number;
    threshold: number | null;
  }>(sql`
    select v.sku, v.barcode, v.product_name as product, v.title as variant, sl.name as location,
      coalesce(l.on_hand, 0) as on_hand, coalesce(l.reserved, 0) as reserved, v.low_stock_threshold as threshold
    from (${variantItemsSql(sellerId)}) v
    cross join stock_locations sl
    left join stock_levels l on l.variant_id = v.id and l.location_id = sl.id
    where v.archived_at is null and sl.user_id = ${sellerId} and sl.archived_at is null
    order by v.product_name, v.product_id, v.position, v.id, sl.kind <> 'online', sl.position, sl.created_at`);
  const lines = [csvRecord(INVENTORY_CSV_HEADER)];
  for (const row of result.rows)
    lines.push(
      csvRecord([
        textCell(row.sku),
        textCell(row.barcode),
        textCell(row.product),
        textCell(row.variant),
        textCell(row.location),
        row.on_hand,
        row.reserved,
        row.on_hand - row.reserved,
        row.threshold ?? "",
      ]),
    );
  return lines.join("");
}
