import type { Database } from "~/db/database.server";
import { checkoutSubtotal, minimumCharge } from "~/flows/checkout/checkout-subtotal";
import { splitDiscount } from "~/flows/checkout/discount-split";
import { type DiscountCodeFailure, reserveDiscount } from "~/domains/discounts/server/discount-reservation.server";
import { platformFee } from "~/domains/orders/platform-fee";
import { quoteShipping, type ShippingOption } from "~/domains/shipping/server/quote-shipping.server";
import { orderWeight } from "~/domains/shipping/shipping-price";
import { type Failure, fail } from "~/lib/errors";
import type { ResolvedLine } from "./resolve-checkout-lines.server";

/** A line priced: its unit price, units, subtotal and share of the order discount (minor units). */
export type PricedLine = ResolvedLine & {
  unitPriceCents: number;
  subtotalCents: number;
  discountCents: number;
};

/** An order's money, computed on the server only (integer minor units of `currency`). */
export type OrderPrice = {
  lines: PricedLine[];
  /** The goods before the discount. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** subtotal − discount + shipping: what the buyer pays. */
  amountCents: number;
  platformFeeCents: number;
  currency: string;
  discount: { id: string; code: string } | null;
  /** Whether a line is physical, so the order needs an address and a shipping option. */
  ships: boolean;
  /** The options serving the address's country, priced for this order; empty before a country is known. */
  shippingOptions: ShippingOption[];
  /** The option the order ships with (the one asked for, or in a preview the first). */
  shipping: ShippingOption | null;
};

export type PriceFailure = Failure<
  | "CHECKOUT_AMOUNT_INVALID"
  | "CHECKOUT_AMOUNT_TOO_LOW"
  | "CHECKOUT_TOTAL_BELOW_MINIMUM"
  | "CHECKOUT_ADDRESS_REQUIRED"
  | "CHECKOUT_SHIPPING_RATE_REQUIRED"
  | "SHIPPING_COUNTRY_UNSERVED"
  | DiscountCodeFailure
>;

/**
 * What prices an order besides its lines: the code, the shipping country and option, and whether they must be final.
 */
export type PriceInput = {
  discountCode?: string;
  clientIp?: string;
  /** The shipping address's country (ISO 3166-1 alpha-2). */
  country?: string;
  shippingRateId?: string;
  /** A checkout needs a country and a chosen option; a preview prices what it has. */
  final: boolean;
};

/**
 * Prices an order of `lines` in transaction `tx`: subtotals, the discount split across lines, shipping and the fee.
 * The code's use is reserved for `orderId` (the caller rolls back to undo it).
 * A total above 0 but below the currency's chargeable minimum is refused.
 */
export async function priceOrder(
  tx: Database,
  lines: readonly ResolvedLine[],
  input: PriceInput,
  orderId: string,
): Promise<({ ok: true } & OrderPrice) | PriceFailure> {
  const seller = lines[0]!.product;
  const unpriced: Omit<PricedLine, "discountCents">[] = [];
  for (const line of lines) {
    const base = checkoutSubtotal(line.product, line.amount);
    if (!base.ok) return base;
    const unitPriceCents = line.variant?.priceCents ?? base.subtotalCents;
    unpriced.push({ ...line, unitPriceCents, subtotalCents: unitPriceCents * line.quantity });
  }
  const subtotalCents = unpriced.reduce((sum, line) => sum + line.subtotalCents, 0);
  let discountCents = 0;
  let discount: OrderPrice["discount"] = null;
  if (input.discountCode?.trim()) {
    const reserved = await reserveDiscount(tx, {
      sellerId: seller.sellerId,
      productIds: [...new Set(lines.map((line) => line.product.id))],
      code: input.discountCode,
      subtotalCents,
      currency: seller.currency,
      orderId,
      clientIp: input.clientIp,
    });
    if (!reserved.ok) return reserved;
    discountCents = Math.min(reserved.discountCents, subtotalCents);
    discount = { id: reserved.discountCodeId, code: reserved.code };
  }
  const shares = splitDiscount(
    unpriced.map((line) => line.subtotalCents),
    discountCents,
  );
  const priced = unpriced.map((line, i) => ({ ...line, discountCents: shares[i]! }));

  const ships = lines.some((line) => line.variant !== null);
  let shippingOptions: ShippingOption[] = [];
  let shipping: ShippingOption | null = null;
  if (ships && input.country) {
    const goods = {
      subtotalCents,
      weightGrams: orderWeight(
        lines.map((line) => ({ unitWeightGrams: line.variant?.weightGrams ?? null, quantity: line.quantity })),
      ),
    };
    const quoted = await quoteShipping(tx, seller.sellerId, input.country, goods);
    if (!quoted.ok) return quoted;
    shippingOptions = quoted.options;
    shipping =
      shippingOptions.find((option) => option.rateId === input.shippingRateId) ??
      (input.final ? null : (shippingOptions[0] ?? null));
  }
  if (ships && input.final) {
    if (!input.country) return fail("CHECKOUT_ADDRESS_REQUIRED");
    if (!shipping) return fail("CHECKOUT_SHIPPING_RATE_REQUIRED");
  }
  const shippingCents = shipping?.priceCents ?? 0;
  const amountCents = subtotalCents - discountCents + shippingCents;
  if (amountCents > 0 && amountCents < minimumCharge(seller.currency)) return fail("CHECKOUT_TOTAL_BELOW_MINIMUM");
  return {
    ok: true,
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    amountCents,
    platformFeeCents: platformFee(amountCents, seller.plan),
    currency: seller.currency,
    discount,
    ships,
    shippingOptions,
    shipping,
  };
}
