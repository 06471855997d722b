import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { findPlan } from "~/lib/plans";
import { putOnPlan } from "./billing-plan";

export type Seller = { id: string; handle: string; productId: string; slug: string };

/**
 * A seller with a store and one published product, made directly in the database (the checkout tests are not
 * about the catalog): a fixed price by default, or pay-what-you-want / free; a paid `plan` is put in force through
 * billing. With `ownerId`, the store and product are added to that existing user (a signed-in creator).
 */
export async function createSeller(
  db: Database,
  product: {
    name?: string;
    pricing?: "fixed" | "pwyw" | "free";
    priceCents?: number;
    minPriceCents?: number;
    suggestedPriceCents?: number;
    currency?: string;
    plan?: string;
  } = {},
  ownerId?: string,
): Promise<Seller> {
  const id = ownerId ?? randomUUID();
  const handle = `store-${id.slice(0, 8)}`;
  const productId = randomUUID();
  const slug = "field-guide";
  await db.transaction(async (tx) => {
    if (!ownerId) {
      await tx.execute(
        sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Ada Lovelace', ${`seller-${id}@example.com`}, true)`,
      );
      await tx.execute(
        sql`insert into profiles (user_id, first_name, last_name, plan) values (${id}, 'Ada', 'Lovelace', ${product.plan ?? null})`,
      );
      await tx.execute(sql`
      insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, phone,
        preferred_delivery, preferred_payment, terms_accepted_at)
      values (${id}, 'Ada''s Atelier', 'Field guides', array['online_store'], 'Hikers', '+420 777 123 456', array['digital'], array['card'], now())`);
    }
    await tx.execute(sql`insert into storefronts (user_id, handle) values (${id}, ${handle})`);
    await tx.execute(sql`
      insert into products (id, user_id, name, slug, pricing, price_cents, min_price_cents, suggested_price_cents,
        currency, status, published_at)
      values (${productId}, ${id}, ${product.name ?? "Field Guide"}, ${slug}, ${product.pricing ?? "fixed"},
        ${product.priceCents ?? 1250},
        ${product.minPriceCents ?? null}, ${product.suggestedPriceCents ?? null}, ${product.currency ?? "USD"}, 'published', now())`);
  });
  // The plan picked grants nothing: a paid plan is put in force through billing, as a payment would.
  const paid = findPlan(product.plan)?.id;
  if (!ownerId && paid && paid !== "starter") await putOnPlan(db, id, paid);
  return { id, handle, productId, slug };
}

/** A discount code of `seller`'s store (percent off unless `amountOffCents`). */
export async function createDiscountCode(
  db: Database,
  sellerId: string,
  code: {
    code: string;
    percentOff?: number;
    amountOffCents?: number;
    currency?: string;
    maxRedemptions?: number;
    startsAt?: Date;
    endsAt?: Date;
  },
): Promise<string> {
  const id = randomUUID();
  const fixed = code.amountOffCents !== undefined;
  await db.execute(sql`
    insert into discount_codes (id, user_id, code, kind, percent_off, amount_off_cents, currency, max_redemptions,
      starts_at, ends_at)
    values (${id}, ${sellerId}, ${code.code}, ${fixed ? "fixed" : "percent"}, ${fixed ? null : (code.percentOff ?? 10)},
      ${fixed ? code.amountOffCents! : null}, ${fixed ? (code.currency ?? "USD") : null},
        ${code.maxRedemptions ?? null},
      ${code.startsAt ?? null}, ${code.endsAt ?? null})`);
  return id;
}
