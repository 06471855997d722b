import { type SQL, sql } from "drizzle-orm";
import { products } from "~/domains/catalog/tables.server";
import { jsonList, jsonObject } from "~/kernel/session/page-query.server";

// SQL parts of the products table for other domains that let a seller pick some of their products.

/** How many of these product ids belong to the seller, as a scalar SQL expression. */
export function ownedProductCountSql(sellerId: SQL | string, productIds: SQL[]): SQL<number> {
  return sql<number>`(select count(*)::int from products
    where user_id = ${sellerId} and id = any(array[${sql.join(productIds, sql`, `)}]))`;
}

/** The id and name of each product whose id the subquery yields, by name, as a JSON array. */
export function productNamesJsonSql(productIds: SQL) {
  return jsonList(
    jsonObject({ id: products.id, name: products.name }),
    sql`from ${products} where ${products.id} in (${productIds})`,
    {
      orderBy: sql`lower(${products.name})`,
    },
  );
}

/** The seller's products with their pricing, by name with archived ones last, as a JSON array. */
export function productChoicesJsonSql(sellerId: SQL) {
  return jsonList(
    jsonObject({
      id: products.id,
      name: products.name,
      status: products.status,
      pricing: products.pricing,
      minPriceCents: products.minPriceCents,
      currency: products.currency,
    }),
    sql`from ${products} where ${products.userId} = ${sellerId}`,
    { orderBy: sql`${products.status} = 'archived', lower(${products.name}), ${products.id}` },
  );
}
