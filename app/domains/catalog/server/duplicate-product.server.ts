import { and, asc, eq, isNotNull, isNull, like, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productCovers, products, productVariants } from "~/domains/catalog/tables.server";
import { SKU_MAX } from "~/domains/catalog/variant-options";
import { PRODUCT_NAME_MAX } from "~/domains/catalog/schemas/product";
import { SLUG_MAX_LENGTH } from "~/domains/catalog/slugify";
import { fail, type Failure } from "~/lib/errors";
import { readOwnProduct } from "./read-product.server";
import { isSlugCollision } from "./product-errors.server";

const COPY_PREFIX = "Copy of ";

/** "Copy of Ada's Guide", cut to the name limit. */
export function copyName(name: string): string {
  return `${COPY_PREFIX}${name}`.slice(0, PRODUCT_NAME_MAX).trimEnd();
}

/** The first of `base-copy`, `base-copy-2`, … not in `taken`, within the slug length limit. */
export function copySlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The first of `SKU-COPY`, `SKU-COPY-2`, … not in `taken` (lower case) within the SKU limit; null when none fits. */
export function copySku(sku: string, taken: ReadonlySet<string>): string | null {
  for (let n = 1; n <= 100; n += 1) {
    const candidate = `${sku}${n === 1 ? "-COPY" : `-COPY-${n}`}`;
    if (candidate.length > SKU_MAX) return null;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
  return null;
}

/** Copies a product's variants on sale (no stock, no barcode) with SKUs suffixed to stay unique in the store. */
async function copyVariants(tx: Database, userId: string, fromId: string, toId: string) {
  const variants = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, fromId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position));
  if (variants.length === 0) return;
  const taken = new Set(
    (
      await tx
        .select({ sku: sql<string>`lower(${productVariants.sku})` })
        .from(productVariants)
        .where(and(eq(productVariants.userId, userId), isNotNull(productVariants.sku)))
    ).map((row) => row.sku),
  );
  await tx.insert(productVariants).values(
    variants.map((variant, position) => {
      const sku = variant.sku ? copySku(variant.sku, taken) : null;
      if (sku) taken.add(sku.toLowerCase());
      return {
        productId: toId,
        userId,
        optionValues: variant.optionValues,
        title: variant.title,
        sku,
        barcode: null,
        priceCents: variant.priceCents,
        weightGrams: variant.weightGrams,
        position,
      };
    }),
  );
}

/** A draft copy of the creator's own product and its variants with a unique slug, placed last; files are not copied. */
export async function duplicateProduct(
  db: Database,
  userId: string,
  productId: string,
): Promise<{ ok: true; id: string } | Failure<"PRODUCT_NOT_FOUND">> {
  const original = await readOwnProduct(db, userId, productId);
  if (!original) return fail("PRODUCT_NOT_FOUND");
  const stem = original.slug.replace(/-copy(-\d+)?$/, "").slice(0, SLUG_MAX_LENGTH - "-copy-100".length);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const taken = await db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.userId, userId), like(products.slug, `${stem}-copy%`)));
    const slug = copySlug(stem, new Set(taken.map((row) => row.slug)));
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            userId,
            name: copyName(original.name),
            slug,
            type: original.type,
            summary: original.summary,
            description: original.description,
            pricing: original.pricing,
            priceCents: original.priceCents,
            minPriceCents: original.minPriceCents,
            suggestedPriceCents: original.suggestedPriceCents,
            currency: original.currency,
            options: original.options,
            weightGrams: original.weightGrams,
            allowBackorder: original.allowBackorder,
            lowStockThreshold: original.lowStockThreshold,
            status: "draft",
            position: sql`(select coalesce(max(${products.position}) + 1, 0) from ${products} where ${products.userId} = ${userId})`,
          })
          .returning({ id: products.id });
        await tx.execute(sql`
          insert into ${productCovers} (product_id, width, height, content_type, bytes)
          select ${row!.id}::uuid, width, height, content_type, bytes from ${productCovers} where product_id = ${original.id}::uuid`);
        await copyVariants(tx, userId, original.id, row!.id);
        return row!.id;
      });
      return { ok: true, id };
    } catch (error) {
      if (!isSlugCollision(error)) throw error; // another copy took the slug meanwhile: look again
    }
  }
  throw new Error("no free slug for the copy");
}
