import type { Database } from "~/db/database.server";
import type { CartItem } from "~/flows/checkout/cart-items";
import { type CheckoutProduct, readCheckoutProduct } from "./read-checkout-product.server";
import type { CheckoutLineInput } from "./resolve-checkout-lines.server";

/** A cart's line as the checkout shows it, with the product it sells. */
export type CartLine = { slug: string; product: CheckoutProduct; quantity: number };

/** A cart checked against the store: the lines still for sale, and the names of products taken out. */
export type ResolvedCart = { lines: CartLine[]; inputs: CheckoutLineInput[]; removed: string[] };

/**
 * Reads a cart's products in one store: unpublished, archived, unknown or another store's products are taken out
 * (named when known), as are products with a price or options to choose; a download is bought once.
 */
export async function resolveCart(db: Database, handle: string, items: readonly CartItem[]): Promise<ResolvedCart> {
  const found = await Promise.all(items.map((item) => readCheckoutProduct(db, { handle, slug: item.slug })));
  const lines: CartLine[] = [];
  const removed: string[] = [];
  items.forEach((item, i) => {
    const product = found[i];
    const choice = product?.pricing === "pwyw" || (product?.physical && product.variants.length !== 1);
    if (product?.status !== "published" || choice) {
      removed.push(product?.name ?? item.slug);
      return;
    }
    lines.push({ slug: item.slug, product, quantity: product.physical ? item.quantity : 1 });
  });
  const inputs = lines.map((line) => ({
    product: { productId: line.product.id },
    variantId: line.product.variants[0]?.id,
    quantity: line.quantity,
  }));
  return { lines, inputs, removed };
}
