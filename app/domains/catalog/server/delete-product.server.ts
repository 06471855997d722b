import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productFiles, products } from "~/domains/catalog/tables.server";
import { fail, type Failure } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";

/**
 * Deletes the creator's own unsold product and its rows in one checked statement; sold ones must be archived so buyers
 * keep access.
 * The caller removes `removedUploads` from the file store after commit.
 */
export async function deleteProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ ok: true; removedUploads: string[] } | Failure<"PRODUCT_NOT_FOUND" | "PRODUCT_HAS_ORDERS">> {
  if (!isUuid(productId)) return fail("PRODUCT_NOT_FOUND");
  const deleted = await db.execute<{ upload_id: string | null }>(sql`
    with gone as (
      delete from ${products}
      where ${products.id} = ${productId}::uuid and ${products.userId} = ${userId}
        and not exists (select 1 from order_lines where order_lines.product_id = ${productId}::uuid)
      returning id
    )
    select f.upload_id from gone left join ${productFiles} f on f.product_id = gone.id`);
  const rows = deleted.rows;
  if (rows.length) return { ok: true, removedUploads: rows.flatMap((row) => (row.upload_id ? [row.upload_id] : [])) };
  const [exists] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .limit(1);
  return exists ? fail("PRODUCT_HAS_ORDERS") : fail("PRODUCT_NOT_FOUND");
}
