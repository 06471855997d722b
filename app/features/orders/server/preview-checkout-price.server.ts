import { randomUUID } from "node:crypto";
import type { Database } from "~/db/database.server";
import type { CheckoutProduct } from "./find-checkout-product.server";
import { type OrderPrice, type PriceFailure, priceOrder } from "./price-order.server";

class RollBack extends Error {
  constructor(readonly outcome: ({ ok: true } & OrderPrice) | PriceFailure) {
    super("preview rolled back");
  }
}

/**
 * The price summary the checkout page shows when the buyer presses Apply (subtotal, discount with its code,
 * total): the same computation as the checkout's, with the code's rules checked by the same reservation, in a
 * transaction that is rolled back — so a preview never holds a redemption.
 */
export async function previewCheckoutPrice(
  db: Database,
  product: CheckoutProduct,
  input: { amount?: string; discountCode?: string },
): Promise<({ ok: true } & OrderPrice) | PriceFailure> {
  try {
    await db.transaction(async (tx) => {
      throw new RollBack(await priceOrder(tx as unknown as Database, product, input, randomUUID()));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    throw error;
  }
  throw new Error("unreachable: the preview transaction always rolls back");
}
