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
