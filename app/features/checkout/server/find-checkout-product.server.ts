import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { ProductPricing } from "~/features/catalog/product-price";
import { storeJson } from "~/features/catalog/server/store-json.server";
import { isSlugLike, type StoreProfile, type StoreRow, storeProfileOf } from "~/features/catalog/store-profile";
import { type Plan, planOf } from "~/features/orders/platform-fee";
import { isUuid } from "~/lib/text-formats";

/** A product as a checkout needs it: its price, its seller, the seller's store and plan. */
export type CheckoutProduct = ProductPricing & {
  id: string;
  sellerId: string;
  name: string;
  slug: string;
  status: string;
  store: StoreProfile;
  plan: Plan;
};

/** Which product: by its store's handle and its slug (the buy page), or by id. */
export type ProductRef = { handle: string; slug: string } | { productId: string };

type Row = {
  id: string;
  user_id: string;
  name: string;
  slug: string;
  status: string;
  pricing: string;
  price_cents: number;
  min_price_cents: number | null;
  suggested_price_cents: number | null;
  currency: string;
  plan: string | null;
  store: StoreRow;
};

/** The product in one statement, any status; null when there is none. */
export async function findCheckoutProduct(db: Database, ref: ProductRef): Promise<CheckoutProduct | null> {
  let where: ReturnType<typeof sql>;
  if ("productId" in ref) {
    if (!isUuid(ref.productId)) return null;
    where = sql`p.id = ${ref.productId}::uuid`;
  } else {
    if (!isSlugLike(ref.handle) || !isSlugLike(ref.slug)) return null;
    where = sql`s.handle = ${ref.handle} and p.slug = ${ref.slug}`;
  }
  const result = await db.execute<Row>(sql`
    select p.id, p.user_id, p.name, p.slug, p.status, p.pricing, p.price_cents, p.min_price_cents, p.suggested_price_cents, p.currency,
      (select pr.plan from profiles pr where pr.user_id = p.user_id) as plan,
      ${storeJson} as store
    from products p join storefronts s on s.user_id = p.user_id
    where ${where}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    sellerId: row.user_id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    pricing: row.pricing,
    priceCents: Number(row.price_cents),
    minPriceCents: row.min_price_cents === null ? null : Number(row.min_price_cents),
    suggestedPriceCents: row.suggested_price_cents === null ? null : Number(row.suggested_price_cents),
    currency: row.currency,
    store: storeProfileOf(row.store),
    plan: planOf(row.plan),
  };
}
