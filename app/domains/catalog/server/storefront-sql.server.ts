import { type SQL, sql } from "drizzle-orm";

// Scalar SQL parts of the storefront and products tables, for other domains' reads.

/** The seller whose store has this handle, as a scalar SQL expression (null without one). */
export function storefrontSellerIdSql(handle: SQL | string): SQL {
  return sql`(select sf.user_id from storefronts sf where sf.handle = ${handle})`;
}

/** The handle of the seller's store as a scalar SQL expression (null without one). */
export function storefrontHandleSql(sellerId: SQL | string): SQL {
  return sql`(select sf.handle from storefronts sf where sf.user_id = ${sellerId})`;
}

/** The slug of the seller's published product with this id as text, as a scalar SQL expression (null otherwise). */
export function publishedProductSlugSql(sellerId: SQL | string, productId: SQL | string): SQL {
  return sql`(select pr.slug from products pr where pr.id::text = ${productId} and pr.user_id = ${sellerId}
    and pr.status = 'published')`;
}
