import { sql } from "drizzle-orm";
import { combinePageQueries, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "~/lib/money";
import type { ProductCoverRef, ProductFileSummary } from "./read-product.server";
import type { ProductListItem, ProductSort } from "~/domains/catalog/content/product-sorts";
import type { SavedVariant } from "~/domains/catalog/product-form-values";
import type { ProductOption } from "~/domains/catalog/variant-options";

// Read inside the session check's one statement; `me.user_id` is the signed-in creator.

/** The store currency: the online-store setting's, USD otherwise. */
export const storeCurrencyQuery: PageQuery<Currency> = {
  json: sql`(select to_json(settings->>'currency') from sales_methods where user_id = me.user_id and method = 'online_store' limit 1)`,
  read: (json) => (isCurrency(json) ? json : DEFAULT_CURRENCY),
};

/** The store's handle, null before the first product made one. */
export const storeHandleQuery: PageQuery<string | null> = {
  json: sql`(select to_json(handle) from storefronts where user_id = me.user_id)`,
  read: (json) => (typeof json === "string" ? json : null),
};

/** The new-product page: the currency and the handle. */
export const newProductPageQuery = combinePageQueries({ currency: storeCurrencyQuery, handle: storeHandleQuery });

const ORDER_BY: Record<ProductSort, string> = {
  newest: "p.created_at desc, p.id desc",
  name: "lower(p.name) asc, p.created_at asc",
  price: "p.price_cents asc, lower(p.name) asc",
  sales: "coalesce(s.n, 0) desc, p.created_at desc",
};

/** `%`, `_` and `\` typed into the search are matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The creator's products matching `search`, sorted, with all-time sales and net revenue from the analytics read model.
 */
export function productListQuery(search: string, sort: ProductSort): PageQuery<ProductListItem[]> {
  const json = sql<(Omit<ProductListItem, "createdAt"> & { createdAt: string })[]>`(
      select coalesce(json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'slug', p.slug, 'type', p.type, 'status', p.status, 'pricing', p.pricing,
        'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents, 'currency', p.currency,
        'sales', coalesce(s.n, 0), 'revenueCents', coalesce(s.revenue, 0),
        'available', case when p.type = 'physical' then (select coalesce(sum(l.on_hand - l.reserved), 0)::int
          from stock_levels l join product_variants v on v.id = l.variant_id where v.product_id = p.id
            and v.archived_at is null) end,
        'coverId', (select c.id from product_covers c where c.product_id = p.id order by c.width asc limit 1),
        'createdAt', p.created_at
      ) order by ${sql.raw(ORDER_BY[sort])}), '[]'::json)
      from products p
      left join (
        select t.product_id, sum(t.product_orders)::int as n,
          coalesce(sum(t.revenue_cents) filter (where t.currency = sold.currency), 0)::bigint as revenue
        from analytics_sales_totals t join products sold on sold.id = t.product_id
        where t.seller_id = me.user_id group by t.product_id
      ) s on s.product_id = p.id
      where p.user_id = me.user_id and (${search}::text = '' or p.name ilike ${containsPattern(search)}::text)
    )`;
  return pagePart(json, (rows) =>
    rows.map((row) => ({
      ...row,
      sales: Number(row.sales),
      revenueCents: Number(row.revenueCents),
      createdAt: new Date(row.createdAt),
    })),
  );
}

export type EditedProduct = {
  id: string;
  name: string;
  slug: string;
  type: string;
  summary: string;
  description: string;
  pricing: string;
  priceCents: number;
  minPriceCents: number | null;
  suggestedPriceCents: number | null;
  currency: string;
  status: string;
  updatedAt: string;
  options: ProductOption[];
  weightGrams: number | null;
  allowBackorder: boolean;
  lowStockThreshold: number | null;
  /** The variants on sale (archived ones left out), in the seller's order. */
  variants: SavedVariant[];
};

/** Units on hand less those held, summed over the locations of the variant row `v` (0 without stock rows). */
const variantAvailableSql = sql`(select coalesce(sum(l.on_hand - l.reserved), 0)::int from stock_levels l where l.variant_id = v.id)`;

/**
 * A product with covers and files for its editor, or null when not the creator's; the caller checks `productId` is a
 * UUID.
 */
export function productEditorQuery(productId: string): PageQuery<{
  product: EditedProduct;
  covers: ProductCoverRef[];
  files: ProductFileSummary[];
  currency: Currency;
  handle: string | null;
} | null> {
  const json = sql<{
    product: EditedProduct;
    covers: ProductCoverRef[];
    files: ProductFileSummary[];
    currency: unknown;
    handle: unknown;
  } | null>`(
      select json_build_object(
        'product', json_build_object(
          'id', p.id, 'name', p.name, 'slug', p.slug, 'type', p.type, 'summary', p.summary, 'description',
            p.description,
          'pricing', p.pricing, 'priceCents', p.price_cents, 'minPriceCents', p.min_price_cents,
          'suggestedPriceCents', p.suggested_price_cents, 'currency', p.currency, 'status', p.status, 'updatedAt',
            p.updated_at,
          'options', p.options, 'weightGrams', p.weight_grams, 'allowBackorder', p.allow_backorder,
          'lowStockThreshold', p.low_stock_threshold,
          'variants', (select coalesce(json_agg(json_build_object('id', v.id, 'optionValues', v.option_values, 'sku',
            v.sku,
              'barcode', v.barcode, 'priceCents', v.price_cents, 'available', ${variantAvailableSql})
                order by v.position, v.created_at), '[]'::json)
            from product_variants v where v.product_id = p.id and v.archived_at is null)
        ),
        'covers', (select coalesce(json_agg(json_build_object('id', c.id, 'width', c.width, 'height', c.height)
          order by c.width desc), '[]'::json)
          from product_covers c where c.product_id = p.id),
        'files', (select coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'contentType',
          f.content_type,
            'completed', f.completed_at is not null, 'position', f.position) order by f.position, f.created_at),
              '[]'::json)
          from product_files f where f.product_id = p.id),
        'currency', ${storeCurrencyQuery.json},
        'handle', ${storeHandleQuery.json}
      )
      from products p where p.id = ${productId}::uuid and p.user_id = me.user_id
    )`;
  return pagePart(json, (value) =>
    value
      ? {
          product: value.product,
          covers: value.covers,
          files: value.files.map((file) => ({ ...file, size: Number(file.size) })),
          currency: storeCurrencyQuery.read(value.currency),
          handle: storeHandleQuery.read(value.handle),
        }
      : null,
  );
}
