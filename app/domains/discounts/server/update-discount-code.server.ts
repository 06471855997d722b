import { and, eq, sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { discountCodes } from "~/domains/discounts/tables.server";
import type { DiscountInput } from "~/domains/discounts/schemas/discount-code";
import { fail, type Failure } from "~/lib/errors";
import { discountColumns, isCodeCollision, ownsProducts, replaceCodeProducts } from "./discount-code-rows.server";

/**
 * Saves a form over one of the creator's codes under a row lock, so the maximum never drops below paid plus reserved
 * uses.
 */
export async function updateDiscountCode(
  db: Database,
  userId: string,
  discountCodeId: string,
  input: DiscountInput,
): Promise<
  | { ok: true }
  | Failure<"DISCOUNT_NOT_FOUND" | "DISCOUNT_CODE_TAKEN" | "DISCOUNT_PRODUCT_NOT_FOUND" | "DISCOUNT_MAX_BELOW_USED">
> {
  try {
    return await inTransaction(db, async (tx) => {
      await tx.execute(
        sql`select id from discount_codes where id = ${discountCodeId}::uuid and user_id = ${userId} for update`,
      );
      // Counted after the lock in its own statement, so it sees every reservation committed before it.
      const locked = await tx.execute<{ redemptions_count: number }>(sql`
        select d.redemptions_count + (
          select count(*) from discount_redemptions r
          where r.discount_code_id = d.id and r.status = 'reserved' and r.reserved_until > now()
        )::int as redemptions_count
        from discount_codes d where d.id = ${discountCodeId}::uuid and d.user_id = ${userId}`);
      const current = locked.rows[0];
      if (!current) return fail("DISCOUNT_NOT_FOUND");
      if (!(await ownsProducts(tx, userId, input.productIds))) return fail("DISCOUNT_PRODUCT_NOT_FOUND");
      if (input.maxRedemptions !== null && input.maxRedemptions < current.redemptions_count)
        return fail(
          "DISCOUNT_MAX_BELOW_USED",
          `The maximum cannot be lower than the ${current.redemptions_count} redemption${current.redemptions_count === 1 ? "" : "s"} already counted.`,
        );
      const taken = await tx.execute(sql`
        select 1 from discount_codes where user_id = ${userId} and lower(code) = lower(${input.code}) and id <> ${discountCodeId}::uuid limit 1`);
      if (taken.rows.length) return fail("DISCOUNT_CODE_TAKEN");
      await tx
        .update(discountCodes)
        .set({ ...discountColumns(input), updatedAt: new Date() })
        .where(and(eq(discountCodes.id, discountCodeId), eq(discountCodes.userId, userId)));
      await replaceCodeProducts(tx, discountCodeId, input.productIds);
      return { ok: true as const };
    });
  } catch (error) {
    if (isCodeCollision(error)) return fail("DISCOUNT_CODE_TAKEN");
    throw error;
  }
}
