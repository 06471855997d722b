import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { products } from "~/domains/catalog/tables.server";
import { fail, type Failure } from "~/lib/errors";
import { readOwnProduct } from "./read-product.server";

/** Takes the creator's own product off sale, as a draft or archived; not found unless it is theirs. */
export async function setProductStatus(
  db: Database,
  userId: string,
  productId: string,
  status: "draft" | "archived",
): Promise<{ ok: true } | Failure<"PRODUCT_NOT_FOUND">> {
  const product = await readOwnProduct(db, userId, productId);
  if (!product) return fail("PRODUCT_NOT_FOUND");
  await db
    .update(products)
    .set({ status })
    .where(and(eq(products.id, product.id), eq(products.userId, userId)));
  return { ok: true };
}
