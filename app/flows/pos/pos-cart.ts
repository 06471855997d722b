import type { DiscountTerms } from "~/domains/discounts/discount-amount";
import { type ManualDiscount, type PricedSale, priceSale } from "./pos-rules";

// The counter's cart, browser-safe: a reducer the point of sale renders from, priced by the same rules as the server.

/** One line of the cart: an item of the catalogue and how many. */
export type CartLine = {
  key: string;
  productId: string;
  variantId: string | null;
  name: string;
  variantTitle: string;
  unitPriceCents: number;
  /** The server's signature of the price, sent back with an offline sale. */
  priceToken: string;
  quantity: number;
  discount: ManualDiscount | null;
};

/** A store discount code the server accepted for this cart, with what it takes off. */
export type AppliedCode = { code: string; terms: DiscountTerms };

export type Cart = {
  lines: CartLine[];
  saleDiscount: ManualDiscount | null;
  discountCode: AppliedCode | null;
  note: string;
  email: string;
};

export const EMPTY_CART: Cart = { lines: [], saleDiscount: null, discountCode: null, note: "", email: "" };

/** The most units of one line a cart holds. */
export const MAX_LINE_QUANTITY = 999;

export type CartAction =
  | { type: "add"; line: Omit<CartLine, "key" | "quantity" | "discount"> }
  | { type: "quantity"; key: string; quantity: number }
  | { type: "remove"; key: string }
  | { type: "line-discount"; key: string; discount: ManualDiscount | null }
  | { type: "sale-discount"; discount: ManualDiscount | null }
  | { type: "discount-code"; code: AppliedCode | null }
  | { type: "note"; note: string }
  | { type: "email"; email: string }
  | { type: "clear" };

/** A cart line's identity: the same item added twice is one line of two. */
export function lineKey(productId: string, variantId: string | null): string {
  return `${productId}:${variantId ?? ""}`;
}

/** The cart after `action`; quantities stay whole numbers from 1 to MAX_LINE_QUANTITY. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case "add": {
      const key = lineKey(action.line.productId, action.line.variantId);
      const existing = cart.lines.find((line) => line.key === key);
      if (existing) return cartReducer(cart, { type: "quantity", key, quantity: existing.quantity + 1 });
      return { ...cart, lines: [...cart.lines, { ...action.line, key, quantity: 1, discount: null }] };
    }
    case "quantity": {
      const quantity = Math.trunc(action.quantity);
      if (!Number.isFinite(quantity) || quantity < 1) return cartReducer(cart, { type: "remove", key: action.key });
      return {
        ...cart,
        lines: cart.lines.map((line) =>
          line.key === action.key ? { ...line, quantity: Math.min(quantity, MAX_LINE_QUANTITY) } : line,
        ),
      };
    }
    case "remove":
      return { ...cart, lines: cart.lines.filter((line) => line.key !== action.key) };
    case "line-discount":
      return {
        ...cart,
        lines: cart.lines.map((line) => (line.key === action.key ? { ...line, discount: action.discount } : line)),
      };
    case "sale-discount":
      return { ...cart, saleDiscount: action.discount };
    case "discount-code":
      return { ...cart, discountCode: action.code };
    case "note":
      return { ...cart, note: action.note };
    case "email":
      return { ...cart, email: action.email };
    case "clear":
      return EMPTY_CART;
  }
}

/** The cart's figures, as the server will compute them. */
export function cartTotals(cart: Cart): PricedSale {
  return priceSale(cart.lines, cart.saleDiscount, cart.discountCode?.terms ?? null);
}

/** A barcode or SKU as compared: lower-case, and a numeric GTIN without leading zeros (UPC-A is EAN-13 with a 0). */
function codeKey(code: string): string {
  const trimmed = code.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? trimmed.replace(/^0+(?=\d)/, "") : trimmed;
}

/** The item whose barcode or SKU is `code`, as typed, sent by a USB scanner or read by the camera; null when none. */
export function itemByCode<T extends { barcode: string | null; sku: string | null }>(
  items: readonly T[],
  code: string,
): T | null {
  const wanted = codeKey(code);
  if (!wanted) return null;
  return (
    items.find((item) => item.barcode !== null && codeKey(item.barcode) === wanted) ??
    items.find((item) => item.sku !== null && item.sku.trim().toLowerCase() === code.trim().toLowerCase()) ??
    null
  );
}
