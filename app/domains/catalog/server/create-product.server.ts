import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import type { Currency } from "~/lib/money";
import { productCovers, products } from "~/domains/catalog/tables.server";
import type { ProductInput } from "~/domains/catalog/schemas/product";
import { type PhysicalRule, physicalInputFailure } from "~/domains/catalog/schemas/physical-product";
import { fail, type Failure } from "~/lib/errors";
import { ensureStorefront } from "./ensure-storefront.server";
import { processCover } from "./process-cover.server";
import { productSaveFailure } from "./product-errors.server";
import { saveProductVariants, type SkuTaken } from "./save-product-variants.server";

/** The columns a product form sets, on create and update. */
export function productColumns(input: ProductInput, currency: Currency) {
  return {
    name: input.name,
    type: input.type,
    summary: input.summary,
    description: input.description,
    pricing: input.pricing,
    priceCents: input.priceCents,
    minPriceCents: input.minPriceCents,
    suggestedPriceCents: input.suggestedPriceCents,
    currency,
    slug: input.slug,
    options: input.physical?.options ?? [],
    weightGrams: input.physical?.weightGrams ?? null,
    allowBackorder: input.physical?.allowBackorder ?? false,
    lowStockThreshold: input.physical?.lowStockThreshold ?? null,
  };
}

/** A new draft product with its variants, placed last; stores nothing when the cover, slug or a SKU is refused. */
export async function createProduct(
  db: Database,
  userId: string,
  currency: Currency,
  input: ProductInput,
): Promise<
  { ok: true; id: string } | Failure<"PRODUCT_SLUG_TAKEN" | "PRODUCT_COVER_NOT_IMAGE" | PhysicalRule> | SkuTaken
> {
  const broken = physicalInputFailure(input.physical);
  if (broken) return fail(broken);
  const covers = await processCover(input.cover);
  if (covers === false) return fail("PRODUCT_COVER_NOT_IMAGE");
  await ensureStorefront(db, userId);
  try {
    const id = await refusable<string, SkuTaken>(db, async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          userId,
          ...productColumns(input, currency),
          status: "draft",
          position: sql`(select coalesce(max(${products.position}) + 1, 0) from ${products} where ${products.userId} = ${userId})`,
        })
        .returning({ id: products.id });
      if (covers?.length)
        await tx.insert(productCovers).values(covers.map((cover) => ({ productId: row!.id, ...cover })));
      if (input.physical) {
        const saved = await saveProductVariants(tx, userId, row!.id, input.physical.variants);
        if (!saved.ok) throw new Refusal(saved);
      }
      return row!.id;
    });
    return typeof id === "string" ? { ok: true, id } : id;
  } catch (error) {
    return productSaveFailure(error);
  }
}

/** Replaces a product's cover renditions (none removes the cover), in the caller's transaction. */
export async function replaceCovers(tx: Database, productId: string, covers: Awaited<ReturnType<typeof processCover>>) {
  await tx.delete(productCovers).where(eq(productCovers.productId, productId));
  if (covers) await tx.insert(productCovers).values(covers.map((cover) => ({ productId, ...cover })));
}
