import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { jsonObject, jsonRow, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { prepareStatement } from "~/db/prepare-statement.server";
import { isSlugLike, type ListedProduct, type StoreProfile, storeProfileOf } from "~/domains/catalog/store-profile";
import { coversJson, type StoreRow, storeJson } from "./store-json.server";

export type { ListedProduct };

/** The published products of the store row `s`, in the creator's order. */
const publishedProductsJson = sql<ListedProduct[]>`coalesce((select json_agg(json_build_object(
    'id', p.id, 'name', p.name, 'slug', p.slug, 'summary', p.summary, 'pricing', p.pricing, 'priceCents', p.price_cents,
    'minPriceCents', p.min_price_cents, 'suggestedPriceCents', p.suggested_price_cents, 'currency', p.currency,
    'covers', ${coversJson},
    'physical', p.type = 'physical',
    'options', p.type = 'physical' and (select count(*) from product_variants v where v.product_id = p.id
      and v.archived_at is null) > 1,
    'soldOut', p.type = 'physical' and not p.allow_backorder and not exists (
      select 1 from product_variants v
        join stock_levels l on l.variant_id = v.id
        join stock_locations o on o.id = l.location_id and o.kind = 'online' and o.user_id = p.user_id
      where v.product_id = p.id and v.archived_at is null and l.on_hand - l.reserved > 0)
    ) order by p.position, p.created_at, p.id)
  from products p where p.user_id = s.user_id and p.status = 'published'), '[]'::json)`;

const pageJson = jsonObject({ store: storeJson, products: publishedProductsJson });

type Row = { store: StoreRow; products: ListedProduct[] };

const byHandle = prepareStatement<{ page: Row | null }>(sql`
  select (select ${pageJson}
    from storefronts s where s.handle = ${sql.placeholder("handle")}) as page
`);

const byOwner = prepareStatement<{ page: Row | null }>(sql`
  select (select ${pageJson}
    from storefronts s where s.user_id = ${sql.placeholder("userId")}) as page
`);

export type Storefront = { store: StoreProfile; products: ListedProduct[] };

/**
 * The storefront `/s/:handle`: the store and its published products in the creator's order; null for unknown handles.
 */
export async function readStorefront(db: Database, handle: string): Promise<Storefront | null> {
  if (!isSlugLike(handle)) return null;
  const [row] = await byHandle.run(db, { handle });
  return row?.page ? { store: storeProfileOf(row.page.store), products: row.page.products } : null;
}

/** The same by creator, for the buy-button page; null before their first product. */
export async function readStorefrontOf(db: Database, userId: string): Promise<Storefront | null> {
  const [row] = await byOwner.run(db, { userId });
  return row?.page ? { store: storeProfileOf(row.page.store), products: row.page.products } : null;
}

/** The signed-in seller's own storefront as part of a page's one statement; null before their first product. */
export const ownStorefrontQuery: PageQuery<Storefront | null> = pagePart(
  jsonRow(pageJson, sql`from storefronts s where s.user_id = me.user_id`),
  (page) => (page ? { store: storeProfileOf(page.store), products: page.products } : null),
);
