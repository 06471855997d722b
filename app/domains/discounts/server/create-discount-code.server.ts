import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { discountCodes } from "~/domains/discounts/tables.server";
import type { DiscountInput } from "~/domains/discounts/schemas/discount-code";
import { fail, type Failure } from "~/lib/errors";
import { discountColumns, isCodeCollision, ownsProducts, replaceCodeProducts } from "./discount-code-rows.server";

/**
 * Creates a discount code, refused when the store has it in any letter case or a chosen product is not the creator's.
 */
export async function createDiscountCode(
  db: Database,
  userId: string,
  input: DiscountInput,
): Promise<{ ok: true; id: string } | Failure<"DISCOUNT_CODE_TAKEN" | "DISCOUNT_PRODUCT_NOT_FOUND">> {
  try {
    return await inTransaction(db, async (tx) => {
      if (!(await ownsProducts(tx, userId, input.productIds))) return fail("DISCOUNT_PRODUCT_NOT_FOUND");
      const [row] = await tx
        .insert(discountCodes)
        .values({ userId, ...discountColumns(input) })
        .onConflictDoNothing()
        .returning({ id: discountCodes.id });
      if (!row) return fail("DISCOUNT_CODE_TAKEN");
      await replaceCodeProducts(tx, row.id, input.productIds);
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    if (isCodeCollision(error)) return fail("DISCOUNT_CODE_TAKEN");
    throw error;
  }
}
