import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productCovers, productFiles, products } from "~/features/catalog/schema.server";
import { PRODUCT_ID_PATTERN } from "./product-errors.server";

export type OwnProduct = typeof products.$inferSelect;
export type ProductCoverRef = { id: string; width: number; height: number };
export type ProductFileSummary = { id: string; name: string; size: number; contentType: string; completed: boolean };

/** The signed-in creator's own product, or null (another creator's product is not found, like a missing one). */
export async function getOwnProduct(db: Database, userId: string, productId: string): Promise<OwnProduct | null> {
  if (!PRODUCT_ID_PATTERN.test(productId)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A product for its editor: the row, its cover renditions (widest first) and its files (read-only summary). */
export async function getProductForEditing(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ product: OwnProduct; covers: ProductCoverRef[]; files: ProductFileSummary[] } | null> {
  const product = await getOwnProduct(db, userId, productId);
  if (!product) return null;
  const [covers, files] = await Promise.all([
    db
      .select({ id: productCovers.id, width: productCovers.width, height: productCovers.height })
      .from(productCovers)
      .where(eq(productCovers.productId, product.id))
      .orderBy(asc(productCovers.width)),
    db
      .select({
        id: productFiles.id,
        name: productFiles.name,
        size: productFiles.size,
        contentType: productFiles.contentType,
        completedAt: productFiles.completedAt,
      })
      .from(productFiles)
      .where(eq(productFiles.productId, product.id))
      .orderBy(asc(productFiles.position), asc(productFiles.createdAt)),
  ]);
  return {
    product,
    covers: covers.reverse(),
    files: files.map(({ completedAt, ...file }) => ({ ...file, completed: completedAt !== null })),
  };
}
