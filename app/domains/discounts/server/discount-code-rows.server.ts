import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { ownedProductCountSql } from "~/domains/catalog/server/product-choice-sql.server";
import type { DiscountInput } from "~/domains/discounts/schemas/discount-code";

// What create and update share: stored columns, product ownership checks, product rows and the duplicate-code refusal.

export function discountColumns(input: DiscountInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.percentOff,
    amountOffCents: input.amountOffCents,
    currency: input.currency,
    appliesTo: input.appliesTo,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxRedemptions: input.maxRedemptions,
    minAmountCents: input.minAmountCents,
  };
}

/** Whether every id is one of the creator's products. */
export async function ownsProducts(db: Database, userId: string, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return true;
  const found = await db.execute<{ n: number }>(
    sql`select ${ownedProductCountSql(
      userId,
      productIds.map((id) => sql`${id}::uuid`),
    )} as n`,
  );
  return found.rows[0]?.n === productIds.length;
}

/** Replaces the products a code applies to, inside the change's transaction. */
export async function replaceCodeProducts(tx: Database, discountCodeId: string, productIds: string[]): Promise<void> {
  await tx.execute(sql`delete from discount_code_products where discount_code_id = ${discountCodeId}::uuid`);
  if (productIds.length === 0) return;
  await tx.execute(sql`
    insert into discount_code_products (discount_code_id, product_id)
    values ${sql.join(
      productIds.map((id) => sql`(${discountCodeId}::uuid, ${id}::uuid)`),
      sql`, `,
    )}`);
}

/** Whether a database error is the per-store unique index on lower(code) refusing a duplicate. */
export function isCodeCollision(error: unknown): boolean {
  for (
    let cause: unknown = error, depth = 0;
    cause && depth < 5;
    cause = (cause as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "discount_codes_user_code_idx") return true;
  }
  return false;
}
