import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productFiles, products } from "../tables.server";

/** What the files list shows of a product file. */
export type ProductFileView = {
  id: string;
  name: string;
  size: number;
  contentType: string;
  completed: boolean;
  position: number;
};

/** The product (name) and its files in order, or null when the product is not the user's. */
export async function listProductFiles(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ name: string; type: string; files: ProductFileView[] } | null> {
  const rows = await db
    .select({
      productName: products.name,
      productType: products.type,
      id: productFiles.id,
      name: productFiles.name,
      size: productFiles.size,
      contentType: productFiles.contentType,
      completedAt: productFiles.completedAt,
      position: productFiles.position,
    })
    .from(products)
    .leftJoin(productFiles, eq(productFiles.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .orderBy(asc(productFiles.position), asc(productFiles.createdAt));
  if (rows.length === 0) return null;
  return {
    name: rows[0]!.productName,
    type: rows[0]!.productType,
    files: rows.flatMap((row) =>
      row.id
        ? [
            {
              id: row.id,
              name: row.name!,
              size: row.size!,
              contentType: row.contentType!,
              completed: row.completedAt !== null,
              position: row.position!,
            },
          ]
        : [],
    ),
  };
}
