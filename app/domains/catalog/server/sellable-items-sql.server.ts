import { type SQL, sql } from "drizzle-orm";

// The seller's catalog as the point of sale lists it, for the counter's one-statement page read.

/**
 * The seller's published items at fixed prices, one per live variant (a digital product without variants as one),
 * as a JSON array in catalog order; `stockOf` gives each variant's stock as JSON.
 */
export function sellableItemsJsonSql(sellerId: SQL, stockOf: (variantId: SQL) => SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object(
      'productId', p.id, 'variantId', v.id, 'name', p.name, 'variantTitle', coalesce(v.title, ''), 'sku', v.sku,
      'barcode', v.barcode, 'priceCents', coalesce(v.price_cents, p.price_cents), 'physical', p.type = 'physical',
      'coverId', (select c.id from product_covers c where c.product_id = p.id order by c.width limit 1),
      'stock', ${stockOf(sql`v.id`)})
      order by p.position, p.created_at, v.position)
    from products p left join product_variants v on v.product_id = p.id and v.archived_at is null
    where p.user_id = ${sellerId} and p.status = 'published' and p.pricing <> 'pwyw'
      and (p.type <> 'physical' or v.id is not null)), '[]'::json)`;
}
