import { type SQL, sql } from "drizzle-orm";

// SQL parts of the product variants table, for other domains' statements.

/** Whether the variant is one of the seller's, as a boolean SQL expression. */
export function sellerVariantExistsSql(sellerId: SQL | string, variantId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from product_variants pv where pv.id = ${variantId} and pv.user_id = ${sellerId})`;
}

/** How many of the ids (a uuid[] expression) are the seller's variants not archived, as a scalar SQL expression. */
export function liveVariantCountSql(sellerId: SQL | string, variantIds: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from product_variants pv
    where pv.user_id = ${sellerId} and pv.archived_at is null and pv.id = any(${variantIds}))`;
}

/**
 * The variants with their product, as a subquery of `id`, `user_id`, `product_id`, `title`, `sku`, `barcode`,
 * `position`, `archived_at`, `created_at`, `product_name`, `product_status` and `low_stock_threshold`; the seller's
 * alone when `sellerId` is given.
 */
export function variantItemsSql(sellerId: SQL | string | null): SQL {
  return sql`select v.id, v.user_id, v.product_id, v.title, v.sku, v.barcode, v.position, v.archived_at, v.created_at,
      p.name as product_name, p.status as product_status, p.low_stock_threshold
    from product_variants v join products p on p.id = v.product_id
    ${sellerId === null ? sql`` : sql`where v.user_id = ${sellerId}`}`;
}

/** The seller's variants not archived, as a subquery of `id`, `sku`, `barcode` and `created_at`. */
export function liveVariantsSql(sellerId: SQL | string): SQL {
  return sql`select pv.id, pv.sku, pv.barcode, pv.created_at from product_variants pv
    where pv.user_id = ${sellerId} and pv.archived_at is null`;
}
