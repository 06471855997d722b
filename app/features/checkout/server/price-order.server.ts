import type { Database } from "~/db/database.server";
import { type DiscountCodeFailure, reserveDiscount } from "~/features/discounts/server/discount-reservation.server";
import { checkoutSubtotal, minimumCharge } from "~/features/checkout/checkout-subtotal";
import { platformFee } from "~/features/orders/platform-fee";
import { type Failure, fail } from "~/lib/errors";
import type { CheckoutProduct } from "./find-checkout-product.server";

/** An order's money, computed on the server only (integer minor units of `currency`). */
export type OrderPrice = {
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  platformFeeCents: number;
  currency: string;
  discount: { id: string; code: string } | null;
};

export type PriceFailure = Failure<
  "CHECKOUT_AMOUNT_INVALID" | "CHECKOUT_AMOUNT_TOO_LOW" | "CHECKOUT_TOTAL_BELOW_MINIMUM" | DiscountCodeFailure
>;

/**
 * Prices one order of `product` in transaction `tx`: the subtotal (price or pay-what-you-want amount), the discount
 * (reserving one use of the code for `orderId` and client `clientIp`: the caller rolls back to undo it), the amount
 * and the plan's fee. A discount leaving less than the currency's chargeable minimum (but more than 0) is refused; to 0 it is free.
 */
export async function priceOrder(
  tx: Database,
  product: CheckoutProduct,
  input: { amount?: string; discountCode?: string; clientIp?: string },
  orderId: string,
): Promise<({ ok: true } & OrderPrice) | PriceFailure> {
  const subtotal = checkoutSubtotal(product, input.amount);
  if (!subtotal.ok) return subtotal;
  const { subtotalCents } = subtotal;
  let discountCents = 0;
  let discount: OrderPrice["discount"] = null;
  if (input.discountCode?.trim()) {
    const reserved = await reserveDiscount(tx, {
      sellerId: product.sellerId,
      productId: product.id,
      code: input.discountCode,
      subtotalCents,
      currency: product.currency,
      orderId,
      clientIp: input.clientIp,
    });
    if (!reserved.ok) return reserved;
    discountCents = reserved.discountCents;
    discount = { id: reserved.discountCodeId, code: reserved.code };
  }
  const amountCents = subtotalCents - discountCents;
  if (amountCents > 0 && amountCents < minimumCharge(product.currency)) return fail("CHECKOUT_TOTAL_BELOW_MINIMUM");
  return {
    ok: true,
    subtotalCents,
    discountCents,
    amountCents,
    platformFeeCents: platformFee(amountCents, product.plan),
    currency: product.currency,
    discount,
  };
}
