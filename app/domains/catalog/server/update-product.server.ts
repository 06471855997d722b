import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import type { Currency } from "~/lib/money";
import { products } from "~/domains/catalog/tables.server";
import { missingForPublishing, notReadyMessage, type ProductInput } from "~/domains/catalog/schemas/product";
import { type PhysicalRule, physicalInputFailure } from "~/domains/catalog/schemas/physical-product";
import { fail, type Failure } from "~/lib/errors";
import { productColumns, replaceCovers } from "./create-product.server";
import { productSaveFailure } from "./product-errors.server";
import { processCover } from "./process-cover.server";
import { saveProductVariants, type SkuTaken } from "./save-product-variants.server";
import { isUuid } from "~/lib/text-formats";

type Saved = { ok: true } | Failure<"PRODUCT_NOT_FOUND" | "PRODUCT_NOT_READY">;

/**
 * Saves the form over the creator's own product and its variants, storing nothing on failure; it stays published only
 * while publishable.
 */
export async function updateProduct(
  db: Database,
  userId: string,
  productId: string,
  currency: Currency,
  input: ProductInput,
): Promise<
  | { ok: true }
  | Failure<"PRODUCT_NOT_FOUND" | "PRODUCT_SLUG_TAKEN" | "PRODUCT_COVER_NOT_IMAGE" | "PRODUCT_NOT_READY" | PhysicalRule>
  | SkuTaken
> {
  if (!isUuid(productId)) return fail("PRODUCT_NOT_FOUND");
  const broken = physicalInputFailure(input.physical);
  if (broken) return fail(broken);
  const covers = await processCover(input.cover);
  if (covers === false) return fail("PRODUCT_COVER_NOT_IMAGE");
  const columns = productColumns(input, currency);
  try {
    return await refusable<Saved, SkuTaken>(db, async (tx) => {
      const [current] = await tx
        .select({ status: products.status })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.userId, userId)))
        .for("update")
        .limit(1);
      if (!current) return fail("PRODUCT_NOT_FOUND");
      const missing = current.status === "published" ? missingForPublishing(columns) : [];
      if (missing.length) return fail("PRODUCT_NOT_READY", notReadyMessage(missing));
      await tx
        .update(products)
        .set(columns)
        .where(and(eq(products.id, productId), eq(products.userId, userId)));
      if (covers) await replaceCovers(tx, productId, covers);
      else if (input.removeCover) await replaceCovers(tx, productId, null);
      // A product made digital lets go of its variants by the same rule as dropped combinations.
      const saved = await saveProductVariants(tx, userId, productId, input.physical?.variants ?? []);
      if (!saved.ok) throw new Refusal(saved);
      return { ok: true as const };
    });
  } catch (error) {
    return productSaveFailure(error);
  }
}
