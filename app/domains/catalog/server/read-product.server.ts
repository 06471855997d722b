import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { products } from "~/domains/catalog/tables.server";
import { isUuid } from "~/lib/text-formats";

export type OwnProduct = typeof products.$inferSelect;
export type ProductCoverRef = { id: string; width: number; height: number };
export type ProductFileSummary = {
  id: string;
  name: string;
  size: number;
  contentType: string;
  completed: boolean;
  position: number;
};

/** The signed-in creator's own product, or null for a missing one or another creator's. */
export async function readOwnProduct(db: Database, userId: string, productId: string): Promise<OwnProduct | null> {
  if (!isUuid(productId)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)))
    .limit(1);
  return row ?? null;
}
