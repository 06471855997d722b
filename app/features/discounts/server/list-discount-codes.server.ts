import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { combinePageQueries, type PageQuery } from "~/kernel/session/page-query.server";
import { storeCurrencyQuery } from "~/features/catalog/server/product-page-queries.server";
import type { DiscountCodeItem, DiscountProductOption } from "~/features/discounts/discount-display";

// The discount codes page's read inside the session check's statement: codes with products, the creator's products and
// the store currency.

/** The store's codes, newest first, each with its products, its paid, reserved and over-limit uses, and whether it was used. */
export const discountCodesQuery: PageQuery<DiscountCodeItem[]> = {
  json: sql`(
    select coalesce(json_agg(json_build_object(
      'id', d.id, 'code', d.code, 'kind', d.kind, 'percentOff', d.percent_off, 'amountOffCents', d.amount_off_cents,
      'currency', d.currency, 'appliesTo', d.applies_to,
      'products', (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name)), '[]'::json)
        from discount_code_products dp join products p on p.id = dp.product_id where dp.discount_code_id = d.id),
      'startsAt', d.starts_at, 'endsAt', d.ends_at, 'maxRedemptions', d.max_redemptions,
      'redemptionsCount', d.redemptions_count,
      'reservedCount', (select count(*) from discount_redemptions r
        where r.discount_code_id = d.id and r.status = 'reserved' and r.reserved_until > now()),
      'overLimitCount', (select count(*) from orders o where o.discount_code_id = d.id and o.discount_over_limit),
      'minAmountCents', d.min_amount_cents, 'archivedAt', d.archived_at,
      'used', d.redemptions_count > 0 or exists (
        select 1 from discount_redemptions r where r.discount_code_id = d.id and r.status <> 'released'
      ),
      'createdAt', d.created_at
    ) order by d.created_at desc, d.id desc), '[]'::json)
    from discount_codes d where d.user_id = me.user_id
  )`,
  read: (json) => json as DiscountCodeItem[],
};

/** The creator's products a code can be limited to, by name with archived ones last, with their pricing. */
export const discountProductsQuery: PageQuery<DiscountProductOption[]> = {
  json: sql`(
    select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'status', p.status, 'pricing', p.pricing,
      'minPriceCents', p.min_price_cents, 'currency', p.currency)
      order by p.status = 'archived', lower(p.name), p.id), '[]'::json)
    from products p where p.user_id = me.user_id
  )`,
  read: (json) => json as DiscountProductOption[],
};

/** Everything the discount codes page shows. */
export const discountCodesPageQuery = combinePageQueries({
  codes: discountCodesQuery,
  products: discountProductsQuery,
  currency: storeCurrencyQuery,
});

/** The creator's codes outside a page, for verbs and tests. */
export async function listDiscountCodes(db: Database, userId: string): Promise<DiscountCodeItem[]> {
  const result = await db.execute<{ data: unknown }>(
    sql`with me as (select ${userId}::text as user_id) select ${discountCodesQuery.json} as data from me`,
  );
  return discountCodesQuery.read(result.rows[0]?.data);
}
