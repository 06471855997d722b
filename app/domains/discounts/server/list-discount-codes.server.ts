import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { combinePageQueries, jsonList, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { productChoicesJsonSql, productNamesJsonSql } from "~/domains/catalog/server/product-choice-sql.server";
import { discountCodeProducts, discountCodes, discountRedemptions } from "~/domains/discounts/tables.server";
import { storeCurrencyQuery } from "~/domains/catalog/server/product-page-queries.server";
import type { DiscountCodeItem, DiscountProductOption } from "~/domains/discounts/discount-display";
import { overLimitOrderCountSql } from "~/domains/orders/server/discount-orders-sql.server";

// The discount codes page's read inside the session check's statement: codes with products, the creator's products and
// the store currency.

const d = discountCodes;
const r = discountRedemptions;

/**
 * The store's codes, newest first, each with its products, its paid, reserved and over-limit uses, and whether it was
 * used.
 */
export const discountCodesQuery: PageQuery<DiscountCodeItem[]> = pagePart(
  jsonList(
    jsonObject({
      id: d.id,
      code: d.code,
      kind: d.kind,
      percentOff: d.percentOff,
      amountOffCents: d.amountOffCents,
      currency: d.currency,
      appliesTo: d.appliesTo,
      products: productNamesJsonSql(
        sql`select ${discountCodeProducts.productId} from ${discountCodeProducts}
          where ${discountCodeProducts.discountCodeId} = ${d.id}`,
      ),
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      maxRedemptions: d.maxRedemptions,
      redemptionsCount: d.redemptionsCount,
      reservedCount: sql<number>`(select count(*) from ${r}
        where ${r.discountCodeId} = ${d.id} and ${r.status} = 'reserved' and ${r.reservedUntil} > now())`,
      overLimitCount: overLimitOrderCountSql(d.id),
      minAmountCents: d.minAmountCents,
      archivedAt: d.archivedAt,
      used: sql<boolean>`${d.redemptionsCount} > 0 or exists (
        select 1 from ${r} where ${r.discountCodeId} = ${d.id} and ${r.status} <> 'released'
      )`,
      createdAt: d.createdAt,
    }),
    sql`from ${d} where ${d.userId} = me.user_id`,
    { orderBy: sql`${d.createdAt} desc, ${d.id} desc` },
  ),
);

/** The creator's products a code can be limited to, by name with archived ones last, with their pricing. */
export const discountProductsQuery: PageQuery<DiscountProductOption[]> = pagePart(
  productChoicesJsonSql(sql`me.user_id`),
);

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
