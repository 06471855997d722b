import { randomUUID } from "node:crypto";
import type { Database } from "~/db/database.server";
import {
  type DiscountAttemptLimited,
  guardDiscountAttempt,
} from "~/features/discounts/server/guard-discount-attempt.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { CheckoutProduct } from "./find-checkout-product.server";
import { type OrderPrice, type PriceFailure, priceOrder } from "./price-order.server";

class RollBack extends Error {
  constructor(readonly outcome: ({ ok: true } & OrderPrice) | PriceFailure) {
    super("preview rolled back");
  }
}

async function rolledBackPrice(
  db: Database,
  product: CheckoutProduct,
  input: Parameters<typeof priceOrder>[2],
): Promise<({ ok: true } & OrderPrice) | PriceFailure> {
  try {
    await db.transaction(async (tx) => {
      throw new RollBack(await priceOrder(tx, product, input, randomUUID()));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    throw error;
  }
  throw new Error("unreachable: the preview transaction always rolls back");
}

/**
 * The price summary Apply shows: the checkout's own computation in a rolled-back transaction, so a preview never
 * holds a use; the code tried counts against the discount attempt limits.
 */
export async function previewCheckoutPrice(
  db: Database,
  product: CheckoutProduct,
  input: { amount?: string; discountCode?: string },
  meta: RequestMeta,
): Promise<({ ok: true } & OrderPrice) | PriceFailure | DiscountAttemptLimited> {
  if (!input.discountCode?.trim()) return rolledBackPrice(db, product, input);
  const attempt = await guardDiscountAttempt(db, { sellerId: product.sellerId, ipAddress: meta.ipAddress });
  if (!attempt.ok) return attempt;
  return attempt.settle(await rolledBackPrice(db, product, { ...input, clientIp: meta.ipAddress }));
}
