import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productVariants } from "~/domains/catalog/tables.server";
import type { PhysicalVariantInput } from "~/domains/catalog/schemas/physical-product";
import { variantKey } from "~/domains/catalog/variant-options";
import { fail, type Failure } from "~/lib/errors";

/** A SKU refused because the store uses it elsewhere: the failure and the SKU, so the form can mark its field. */
export type SkuTaken = Failure<"PRODUCT_SKU_TAKEN"> & { sku: string };

/** The first of `skus` another product of the seller uses (case-insensitive), or null. */
export async function skuUsedElsewhere(
  tx: Database,
  userId: string,
  productId: string | null,
  skus: string[],
): Promise<string | null> {
  const wanted = skus.map((sku) => sku.toLowerCase());
  if (wanted.length === 0) return null;
  const [row] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.userId, userId),
        inArray(sql`lower(${productVariants.sku})`, wanted),
        ...(productId ? [ne(productVariants.productId, productId)] : []),
      ),
    )
    .limit(1);
  if (!row?.sku) return null;
  return skus.find((sku) => sku.toLowerCase() === row.sku!.toLowerCase()) ?? row.sku;
}

/**
 * Makes a product's variants the `wanted` ones, in the caller's transaction. A kept combination keeps its row and
 * stock; a dropped one is archived when it has stock history or order lines, deleted otherwise.
 */
export async function saveProductVariants(
  tx: Database,
  userId: string,
  productId: string,
  wanted: PhysicalVariantInput[],
): Promise<{ ok: true } | SkuTaken> {
  const taken = await skuUsedElsewhere(
    tx,
    userId,
    productId,
    wanted.flatMap((variant) => (variant.sku ? [variant.sku] : [])),
  );
  if (taken) return { ...fail("PRODUCT_SKU_TAKEN"), sku: taken };
  const existing = await tx
    .select({ id: productVariants.id, optionValues: productVariants.optionValues, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for("update");
  const byKey = new Map(existing.map((row) => [variantKey(row.optionValues), row]));
  // SKUs move freely between this product's rows (a swap included) when every row lets go of its own first.
  if (existing.length)
    await tx.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, productId));
  const keptIds = new Set<string>();
  for (const [position, variant] of wanted.entries()) {
    const columns = {
      optionValues: variant.optionValues,
      title: variant.title,
      sku: variant.sku,
      barcode: variant.barcode,
      priceCents: variant.priceCents,
      position,
      archivedAt: null,
    };
    const row = byKey.get(variantKey(variant.optionValues));
    if (row) {
      keptIds.add(row.id);
      await tx.update(productVariants).set(columns).where(eq(productVariants.id, row.id));
    } else {
      await tx.insert(productVariants).values({ productId, userId, ...columns });
    }
  }
  const dropped = existing.filter((row) => !keptIds.has(row.id));
  if (dropped.length === 0) return { ok: true };
  const droppedIds = dropped.map((row) => row.id);
  const history = await tx.execute<{ id: string }>(sql`
    select v.id from product_variants v
    where v.id in (${sql.join(
      droppedIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and (exists (select 1 from stock_movements m where m.variant_id = v.id)
        or exists (select 1 from order_lines l where l.variant_id = v.id))`);
  const kept = new Set(history.rows.map((row) => row.id));
  const toDelete = droppedIds.filter((id) => !kept.has(id));
  if (toDelete.length) await tx.delete(productVariants).where(inArray(productVariants.id, toDelete));
  // An archived row keeps its SKU unless a kept variant took it over.
  const inUse = new Set(wanted.flatMap((variant) => (variant.sku ? [variant.sku.toLowerCase()] : [])));
  for (const row of dropped.filter((row) => kept.has(row.id)))
    await tx
      .update(productVariants)
      .set({
        archivedAt: sql`coalesce(${productVariants.archivedAt}, now())`,
        sku: row.sku && !inUse.has(row.sku.toLowerCase()) ? row.sku : null,
      })
      .where(eq(productVariants.id, row.id));
  return { ok: true };
}
