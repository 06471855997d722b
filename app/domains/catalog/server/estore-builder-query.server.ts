import { sql } from "drizzle-orm";
import { jsonList, jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { products, storefronts } from "~/domains/catalog/tables.server";

export type BuilderProduct = { id: string; name: string; slug: string; status: "draft" | "published" };
export type EstoreBuilder = { handle: string | null; products: BuilderProduct[] };

/** The E-shop Builder's data: the creator's store address and unarchived products in storefront order. */
export const estoreBuilderQuery: PageQuery<EstoreBuilder> = pagePart(
  jsonObject({
    handle: jsonRow(storefronts.handle, sql`from ${storefronts} where ${storefronts.userId} = me.user_id`),
    products: jsonList(
      jsonObject({
        id: products.id,
        name: products.name,
        slug: products.slug,
        status: sql<BuilderProduct["status"]>`${products.status}`,
      }),
      sql`from ${products} where ${products.userId} = me.user_id and ${products.status} <> 'archived'`,
      { orderBy: sql`${products.position}, ${products.createdAt}, ${products.id}` },
    ),
  }),
);
