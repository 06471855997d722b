import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { prepareStatement } from "~/db/prepare-statement.server";
import type { ProductPricing } from "~/domains/catalog/product-price";
import type { SalesPageVariant } from "~/domains/catalog/sales-page-variant";
import type { ProductOption } from "~/domains/catalog/variant-options";
import { isSlugLike, type StoreProfile, storeProfileOf } from "~/domains/catalog/store-profile";
import { type CoverRow, coversJson, type StoreRow, storeJson } from "./store-json.server";

export type SalesPageProduct = ProductPricing & {
  id: string;
  name: string;
  slug: string;
  type: string;
  summary: string;
  /** Markdown: render it with renderMarkdown. */
  description: string;
  status: "draft" | "published" | "archived";
  updatedAt: string;
  covers: CoverRow[];
  /** The completed files, in the creator's order. */
  files: { id: string; name: string; contentType: string; size: number }[];
  options: ProductOption[];
  allowBackorder: boolean;
  /** A physical product's variants on sale, in the seller's order; none for a digital product. */
  variants: SalesPageVariant[];
};

export type SalesPage = { ownerId: string; store: StoreProfile; product: SalesPageProduct };

type Row = { ownerId: string; store: StoreRow; product: SalesPageProduct | null };

const statement = prepareStatement<{ page: Row | null }>(sql`
  select (select json_build_object(
    'ownerId', s.user_id,
    'store', ${storeJson},
    'product', (select json_build_object(
        'id', p.id, 'name', p.name, 'slug', p.slug, 'type', p.type, 'summary', p.summary, 'description', p.description,
        'pricing', p.pricing, 'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents,
        'suggestedPriceCents', p.suggested_price_cents, 'currency', p.currency, 'status', p.status, 'updatedAt',
          p.updated_at,
        'covers', ${coversJson},
        'files', coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'contentType', f.content_type,
          'size', f.size) order by f.position, f.created_at)
          from product_files f where f.product_id = p.id and f.completed_at is not null), '[]'::json),
        'options', p.options, 'allowBackorder', p.allow_backorder,
        'variants', case when p.type = 'physical' then coalesce((select json_agg(json_build_object(
            'id', v.id, 'optionValues', v.option_values, 'title', v.title, 'priceCents', v.price_cents,
            'available', coalesce((select l.on_hand - l.reserved from stock_levels l join stock_locations o
              on o.id = l.location_id
              where l.variant_id = v.id and o.user_id = p.user_id and o.kind = 'online'), 0)
          ) order by v.position, v.created_at) from product_variants v where v.product_id = p.id
            and v.archived_at is null), '[]'::json)
          else '[]'::json end)
      from products p where p.user_id = s.user_id and p.slug = ${sql.placeholder("slug")})
  ) from storefronts s where s.handle = ${sql.placeholder("handle")}) as page
`);

/** A product's sales page data in any status, in one statement; null when the store or product does not exist. */
export async function readSalesPage(db: Database, handle: string, slug: string): Promise<SalesPage | null> {
  // Not a handle or slug: nothing to look up.
  if (!isSlugLike(handle) || !isSlugLike(slug)) return null;
  const [row] = await statement.run(db, { handle, slug });
  const page = row?.page;
  if (!page?.product) return null;
  return { ownerId: page.ownerId, store: storeProfileOf(page.store), product: page.product };
}
