import type { Database } from "~/db/database.server";
import { MAX_LINE_QUANTITY } from "~/flows/checkout/line-quantity";
import { type Failure, fail } from "~/lib/errors";
import {
  type CheckoutProduct,
  type CheckoutVariant,
  readCheckoutProduct,
  type ProductRef,
} from "./read-checkout-product.server";

/** The most lines one checkout takes. */
export const MAX_CHECKOUT_LINES = 50;

/** One line as the buyer asked for it: which product (and variant), how many, and a pay-what-you-want unit amount. */
export type CheckoutLineInput = { product: ProductRef; variantId?: string; quantity: number; amount?: string };

/** A line checked against its published product; `variant` is set exactly for physical products. */
export type ResolvedLine = {
  product: CheckoutProduct;
  variant: CheckoutVariant | null;
  quantity: number;
  amount?: string;
};

export type ResolveFailure = Failure<
  "CHECKOUT_PRODUCT_UNAVAILABLE" | "CHECKOUT_VARIANT_UNAVAILABLE" | "CHECKOUT_QUANTITY_INVALID" | "CHECKOUT_LINES_MIXED"
>;

/**
 * Reads each line's product and checks the order can be sold as asked: published products of one seller and currency.
 * A physical line needs its variant (the only one when none is named); a download is bought once.
 */
export async function resolveCheckoutLines(
  db: Database,
  lines: readonly CheckoutLineInput[],
): Promise<{ ok: true; lines: ResolvedLine[]; seller: CheckoutProduct } | ResolveFailure> {
  if (lines.length === 0 || lines.length > MAX_CHECKOUT_LINES) return fail("CHECKOUT_LINES_MIXED");
  const found = new Map<string, Promise<CheckoutProduct | null>>();
  const keyOf = (ref: ProductRef) => ("productId" in ref ? ref.productId : `${ref.handle}/${ref.slug}`);
  for (const line of lines) {
    const key = keyOf(line.product);
    if (!found.has(key)) found.set(key, readCheckoutProduct(db, line.product));
  }
  const resolved: ResolvedLine[] = [];
  for (const line of lines) {
    const product = await found.get(keyOf(line.product))!;
    if (product?.status !== "published") return fail("CHECKOUT_PRODUCT_UNAVAILABLE");
    const first = resolved[0]?.product;
    if (first && (first.sellerId !== product.sellerId || first.currency !== product.currency))
      return fail("CHECKOUT_LINES_MIXED");
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY)
      return fail("CHECKOUT_QUANTITY_INVALID");
    let variant: CheckoutVariant | null = null;
    if (product.physical) {
      variant =
        (line.variantId
          ? product.variants.find((v) => v.id === line.variantId)
          : product.variants.length === 1
            ? product.variants[0]
            : undefined) ?? null;
      if (!variant) return fail("CHECKOUT_VARIANT_UNAVAILABLE");
    } else if (line.quantity !== 1) return fail("CHECKOUT_QUANTITY_INVALID");
    resolved.push({ product, variant, quantity: line.quantity, amount: line.amount });
  }
  return { ok: true, lines: resolved, seller: resolved[0]!.product };
}
