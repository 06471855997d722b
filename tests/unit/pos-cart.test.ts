import { describe, expect, it } from "vitest";
import { cartReducer, cartTotals, EMPTY_CART, itemByCode } from "~/flows/pos/pos-cart";

const items = [
  { name: "Mug", barcode: "4006381333931", sku: "MUG-1" },
  { name: "Cap", barcode: "036000291452", sku: "cap-blue" },
  { name: "Shelf label", barcode: "SHELF-42a", sku: null },
  { name: "Guide", barcode: null, sku: null },
];

describe("a code read at the counter", () => {
  it("finds the product by its EAN-13, by a UPC-A read as EAN-13 or the other way round, and by a Code 128 label", () => {
    expect(itemByCode(items, "4006381333931")?.name).toBe("Mug");
    expect(itemByCode(items, " 4006381333931\n")?.name).toBe("Mug");
    expect(itemByCode(items, "0036000291452")?.name).toBe("Cap");
    expect(itemByCode(items, "036000291452")?.name).toBe("Cap");
    expect(itemByCode([{ ...items[1]!, barcode: "0036000291452" }], "036000291452")?.name).toBe("Cap");
    expect(itemByCode(items, "shelf-42A")?.name).toBe("Shelf label");
  });

  it("falls back to the SKU, case-insensitively, and finds nothing for an unknown or empty code", () => {
    expect(itemByCode(items, "mug-1")?.name).toBe("Mug");
    expect(itemByCode(items, "CAP-BLUE")?.name).toBe("Cap");
    expect(itemByCode(items, "4006381333932")).toBeNull();
    expect(itemByCode(items, "0")).toBeNull();
    expect(itemByCode(items, "   ")).toBeNull();
  });
});

describe("a store discount code in the cart", () => {
  it("comes off after the line and sale discounts, and leaves with the code", () => {
    let cart = cartReducer(EMPTY_CART, {
      type: "add",
      line: { productId: "p", variantId: null, name: "Mug", variantTitle: "", unitPriceCents: 1250, priceToken: "" },
    });
    cart = cartReducer(cart, { type: "quantity", key: "p:", quantity: 2 });
    cart = cartReducer(cart, { type: "sale-discount", discount: { kind: "amount", value: 200 } });
    cart = cartReducer(cart, {
      type: "discount-code",
      code: { code: "SPRING10", terms: { kind: "percent", percentOff: 10 } },
    });
    expect(cartTotals(cart)).toMatchObject({
      subtotalCents: 2500,
      discountCents: 430,
      codeDiscountCents: 230,
      totalCents: 2070,
    });
    cart = cartReducer(cart, {
      type: "discount-code",
      code: { code: "BIG", terms: { kind: "fixed", amountOffCents: 9999 } },
    });
    expect(cartTotals(cart)).toMatchObject({ discountCents: 2500, codeDiscountCents: 2300, totalCents: 0 });
    cart = cartReducer(cart, { type: "discount-code", code: null });
    expect(cartTotals(cart).totalCents).toBe(2300);
    expect(cartReducer(cart, { type: "clear" }).discountCode).toBeNull();
  });
});
