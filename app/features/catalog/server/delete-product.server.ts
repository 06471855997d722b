import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { orders, products } from "~/features/catalog/schema.server";
import { fail, type Failure } from "~/lib/errors";
import { PRODUCT_ID_PATTERN } from "./product-errors.server";

/**
 * Deletes the creator's own product with its cover and file rows, unless it has been sold (then it must be
 * archived: buyers keep their access). The check is part of the delete statement itself.
 */
export async function deleteProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND" | "PRODUCT_HAS_ORDERS">> {
  if (!PRODUCT_ID_PATTERN.test(productId)) return fail("PRODUCT_NOT_FOUND");
  const deleted = await db
    .delete(products)
    .where(
      and(eq(products.id, productId), eq(products.userId, userId), sql`not exists (select 1 from ${orders} where ${orders.productId} = ${productId}::uuid)`),
    )
    .returning({ id: products.id });
  if (deleted.length) return { ok: true };
  const [exists] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .limit(1);
  return exists ? fail("PRODUCT_HAS_ORDERS") : fail("PRODUCT_NOT_FOUND");
}
