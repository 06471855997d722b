import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveVariantsSql } from "~/domains/catalog/server/variant-sql.server";
import { checkImportRows, type StockImportMode } from "~/domains/inventory/stock-import-rows";
import { parseCsv } from "~/lib/csv";
import { type Failure, fail } from "~/lib/errors";
import { postStockCount } from "./post-stock-count.server";
import { recordStockMovements } from "./record-stock-movements.server";

/** A row the preview refuses, by its spreadsheet row number. */
export type StockImportError = { row: number; message: string };

/** What an import did or would do: rows read, rows that change stock, and every refused row. */
export type StockImportSummary = { rows: number; changes: number; errors: StockImportError[] };

type Resolved = {
  row: number;
  variant_id: string | null;
  location_id: string | null;
  on_hand: number;
};

/**
 * Checks an inventory CSV against the seller's items and locations and, with `apply` and no refused row, writes it in
 * one transaction.
 */
export async function importStockCsv(
  db: Database,
  sellerId: string,
  actorId: string,
  input: { text: string; mode: StockImportMode; apply: boolean },
): Promise<
  | { ok: true; applied: boolean; summary: StockImportSummary }
  | (Failure<"STOCK_IMPORT_INVALID"> & { summary: StockImportSummary })
  | Failure<"STOCK_IMPORT_EMPTY">
> {
  const parsed = parseCsv(input.text);
  if (!parsed.ok)
    return fail("STOCK_IMPORT_EMPTY", `The file is not valid CSV at line ${parsed.line}: ${parsed.message}`);
  const checked = checkImportRows(parsed.records);
  if (!checked.ok) return fail("STOCK_IMPORT_EMPTY", checked.message);
  const rows = checked.rows;
  const lookup = JSON.stringify(
    rows
      .filter((row) => !row.error)
      .map((row) => ({ row: row.row, sku: row.sku, barcode: row.barcode, location: row.location })),
  );
  return db.transaction(async (tx) => {
    const resolved = await tx.execute<Resolved>(sql`
      select r.row, coalesce(vs.id, vb.id) as variant_id, l.id as location_id, coalesce(s.on_hand, 0) as on_hand
      from jsonb_to_recordset(${lookup}::jsonb) as r("row" int, sku text, barcode text, location text)
      left join (${liveVariantsSql(sellerId)}) vs on r.sku <> '' and vs.sku is not null and lower(vs.sku) = lower(r.sku)
      left join lateral (
        select v.id from (${liveVariantsSql(sellerId)}) v
        where r.sku = '' and v.barcode = r.barcode
        order by v.created_at limit 1
      ) vb on true
      left join lateral (
        select l.id from stock_locations l
        where l.user_id = ${sellerId} and l.archived_at is null and lower(l.name) = lower(r.location)
        order by l.created_at limit 1
      ) l on true
      left join stock_levels s on s.variant_id = coalesce(vs.id, vb.id) and s.location_id = l.id`);
    const byRow = new Map(resolved.rows.map((row) => [row.row, row]));
    const errors: StockImportError[] = [];
    const firstOf = new Map<string, number>();
    const counts: { variantId: string; locationId: string; counted: number }[] = [];
    let changes = 0;
    for (const row of rows) {
      if (row.error) {
        errors.push({ row: row.row, message: row.error });
        continue;
      }
      const found = byRow.get(row.row)!;
      if (!found.variant_id) {
        errors.push({
          row: row.row,
          message: row.sku ? `No item has the SKU "${row.sku}".` : `No item has the barcode "${row.barcode}".`,
        });
        continue;
      }
      if (!found.location_id) {
        errors.push({ row: row.row, message: `No open location is named "${row.location}".` });
        continue;
      }
      const key = `${found.variant_id}:${found.location_id}`;
      const first = firstOf.get(key);
      if (first !== undefined) {
        errors.push({ row: row.row, message: `Duplicate of row ${first}: an item appears once per location.` });
        continue;
      }
      firstOf.set(key, row.row);
      const quantity = row.quantity!;
      if (input.mode === "count" ? quantity !== found.on_hand : quantity > 0) changes++;
      counts.push({ variantId: found.variant_id, locationId: found.location_id, counted: quantity });
    }
    const summary = { rows: rows.length, changes, errors };
    if (errors.length) return { ...fail("STOCK_IMPORT_INVALID"), summary };
    if (!input.apply) return { ok: true as const, applied: false, summary };
    if (input.mode === "count") {
      const posted = await postStockCount(tx, sellerId, actorId, counts, "CSV import");
      if (!posted.ok) throw new Error(`an import's checked rows were refused: ${posted.code}`);
      return { ok: true as const, applied: true, summary: { ...summary, changes: posted.changed } };
    }
    const received = counts
      .filter((count) => count.counted > 0)
      .map((count) => ({ ...count, kind: "received" as const, quantity: count.counted, note: "CSV import" }));
    await recordStockMovements(tx, sellerId, actorId, received);
    return { ok: true as const, applied: true, summary };
  });
}
