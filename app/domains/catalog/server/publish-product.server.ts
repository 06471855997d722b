import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { products } from "~/domains/catalog/tables.server";
import { missingForPublishing, notReadyMessage } from "~/domains/catalog/schemas/product";
import { fail, type Failure } from "~/lib/errors";
import { readOwnProduct } from "./read-product.server";

/**
 * Puts the creator's own product (also an archived one) on sale; refused, naming what is missing, without a name or
 * valid price.
 */
export async function publishProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND" | "PRODUCT_NOT_READY">> {
  const product = await readOwnProduct(db, userId, productId);
  if (!product) return fail("PRODUCT_NOT_FOUND");
  const missing = missingForPublishing(product);
  if (missing.length) return fail("PRODUCT_NOT_READY", notReadyMessage(missing));
  await db
    .update(products)
    .set({ status: "published", publishedAt: sql`coalesce(${products.publishedAt}, now())` })
    .where(and(eq(products.id, product.id), eq(products.userId, userId)));
  return { ok: true };
}
