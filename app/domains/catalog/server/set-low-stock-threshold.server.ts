import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** Sets (or clears, with null) the units at or below which a physical product of the seller's counts as low stock. */
export async function setLowStockThreshold(
  db: Database,
  sellerId: string,
  productId: string,
  threshold: number | null,
): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND">> {
  const result = await db.execute(sql`
    update products set low_stock_threshold = ${threshold}, updated_at = now()
    where id = ${productId} and user_id = ${sellerId}
      and exists (select 1 from product_variants v where v.product_id = products.id)
    returning id`);
  return result.rows.length ? { ok: true } : fail("PRODUCT_NOT_FOUND");
}
