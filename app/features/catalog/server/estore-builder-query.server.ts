import { sql } from "drizzle-orm";
import type { PageQuery } from "~/kernel/session/page-query.server";

export type BuilderProduct = { id: string; name: string; slug: string; status: "draft" | "published" };
export type EstoreBuilder = { handle: string | null; products: BuilderProduct[] };

/** The E-shop Builder's data: the creator's store address and unarchived products in storefront order. */
export const estoreBuilderQuery: PageQuery<EstoreBuilder> = {
  json: sql`json_build_object(
    'handle', (select handle from storefronts where user_id = me.user_id),
    'products', coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'slug', p.slug, 'status', p.status)
        order by p.position, p.created_at, p.id)
      from products p where p.user_id = me.user_id and p.status <> 'archived'), '[]'::json))`,
  read: (json) => json as EstoreBuilder,
};
