import { formatMoney, isCurrency, MAXIMUM_PRICE_MINOR, MINIMUM_CHARGE_MINOR, parseAmount } from "~/lib/money";
import type { ProductPricing } from "~/domains/catalog/product-price";
import { ERRORS, type Failure, fail } from "~/lib/errors";

/** The smallest amount a card payment can charge in `currency` (minor units). */
export function minimumCharge(currency: string): number {
  return isCurrency(currency) ? MINIMUM_CHARGE_MINOR[currency] : MINIMUM_CHARGE_MINOR.USD;
}

/** What the buyer pays before discounts: the fixed price, 0, or a pay-what-you-want amount above the minimums. */
export function checkoutSubtotal(
  product: ProductPricing,
  amountInput: string | undefined,
): { ok: true; subtotalCents: number } | Failure<"CHECKOUT_AMOUNT_INVALID" | "CHECKOUT_AMOUNT_TOO_LOW"> {
  if (product.pricing === "free") return { ok: true, subtotalCents: 0 };
  if (product.pricing !== "pwyw") return { ok: true, subtotalCents: product.priceCents };
  const amount = parseAmount(amountInput ?? "");
  if (amount === null || amount > MAXIMUM_PRICE_MINOR) return fail("CHECKOUT_AMOUNT_INVALID");
  const minimum = product.minPriceCents ?? 0;
  if (amount === 0 && minimum === 0) return { ok: true, subtotalCents: 0 };
  const floor = Math.max(minimum, minimumCharge(product.currency));
  if (amount < floor)
    return fail(
      "CHECKOUT_AMOUNT_TOO_LOW",
      `${ERRORS.CHECKOUT_AMOUNT_TOO_LOW.message.replace(/\.$/, "")}: ${formatMoney(floor, product.currency)}.`,
    );
  return { ok: true, subtotalCents: amount };
}
