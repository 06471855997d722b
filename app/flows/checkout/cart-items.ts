import { isSlugLike } from "~/domains/catalog/store-profile";
import { MAX_LINE_QUANTITY } from "./line-quantity";

/** The query parameter of a cart checkout: `slug:quantity` pairs joined by commas. */
export const CART_ITEMS_PARAM = "items";
/** The most distinct products one cart checkout takes. */
export const MAX_CART_ITEMS = 50;

/** One product of a cart, by its slug in the store, and how many. */
export type CartItem = { slug: string; quantity: number };

const ITEM = /^([^:]{1,100})(?::(\d{1,2}))?$/;

/** The cart a query asks for: well-formed items only, repeated slugs added up, quantities capped. */
export function parseCartItems(value: string | null): CartItem[] {
  const items = new Map<string, number>();
  for (const part of (value ?? "").split(",").slice(0, MAX_CART_ITEMS * 2)) {
    const match = ITEM.exec(part.trim());
    if (!match || !isSlugLike(match[1]!)) continue;
    const quantity = match[2] === undefined ? 1 : Number(match[2]);
    if (quantity < 1) continue;
    const slug = match[1]!;
    if (!items.has(slug) && items.size >= MAX_CART_ITEMS) continue;
    items.set(slug, Math.min(MAX_LINE_QUANTITY, (items.get(slug) ?? 0) + quantity));
  }
  return [...items].map(([slug, quantity]) => ({ slug, quantity }));
}

/** The query value of a cart, the inverse of parseCartItems. */
export function cartItemsValue(items: readonly CartItem[]): string {
  return items.map((item) => `${item.slug}:${item.quantity}`).join(",");
}
