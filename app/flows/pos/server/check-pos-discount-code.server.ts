import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { DiscountTerms } from "~/domains/discounts/discount-amount";
import type { DiscountCodeFailure } from "~/domains/discounts/server/discount-reservation.server";
import {
  type DiscountAttemptLimited,
  guardDiscountAttempt,
} from "~/domains/discounts/server/guard-discount-attempt.server";
import { previewDiscount } from "~/domains/discounts/server/preview-discount.server";
import type { PosDiscountCode } from "~/flows/pos/schemas/pos-discount-code";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";

/**
 * Checks a store discount code for the counter's cart without holding a use, by the online checkout's rules and
 * attempt limits. The sale itself is checked and priced again when it is recorded.
 */
export async function checkPosDiscountCode(
  db: Database,
  sellerId: string,
  input: PosDiscountCode,
  meta: RequestMeta,
): Promise<
  | { ok: true; code: string; terms: DiscountTerms; discountCents: number }
  | Failure<DiscountCodeFailure | "DISCOUNT_CODE_INVALID" | "POS_SHIFT_NOT_FOUND">
  | DiscountAttemptLimited
> {
  const shift = await db.execute<{ currency: string }>(sql`
    select currency from shifts where id = ${input.shiftId}::uuid and user_id = ${sellerId}`);
  const currency = shift.rows[0]?.currency;
  if (!currency) return fail("POS_SHIFT_NOT_FOUND");
  const attempt = await guardDiscountAttempt(db, { sellerId, ipAddress: meta.ipAddress });
  if (!attempt.ok) return attempt;
  const outcome = await attempt.settle(
    await previewDiscount(db, {
      sellerId,
      productIds: input.productIds,
      code: input.code,
      subtotalCents: input.amountCents,
      currency,
    }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, code: outcome.code, terms: outcome.terms, discountCents: outcome.discountCents };
}
