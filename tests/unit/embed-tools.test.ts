import { describe, expect, it } from "vitest";
import { productButtonsSnippet } from "~/domains/sales-methods/buy-button-snippet";
import { cartSnippet, widgetSnippet } from "~/domains/sales-methods/components/integration-builder";
import { contrastRatio, MIN_TEXT_CONTRAST } from "~/domains/sales-methods/contrast";
import { PLATFORM_STEPS } from "~/domains/sales-methods/content/platform-steps";
import { optionValues, WEBSITE_PLATFORMS } from "~/domains/sales-methods/content/sales-options";
import { allowedOriginsSchema } from "~/domains/sales-methods/schemas/allowed-origins";
import { cartItemsValue, MAX_CART_ITEMS, parseCartItems } from "~/flows/checkout/cart-items";

// The rules behind the Buy Button Generator and Website Integration: the contrast check, the pasted code (escaped,
// with a link-only form), the cart's query, the allowed websites' validation and a guide for every platform.

const APP = "https://sellkit.example";
const guide = { url: `${APP}/s/ada/field-guide`, name: 'Field "Guide" <b>' };
const mug = { url: `${APP}/s/ada/mug`, name: "Mug" };

describe("contrast", () => {
  it("follows WCAG: 21:1 black on white, 1:1 for one colour, #777 on white just under 4.5:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#7c3aed", "#7c3aed")).toBe(1);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe("the buy button code", () => {
  const base = {
    appUrl: `${APP}/`,
    text: "Buy <now>",
    style: "primary" as const,
    colors: { background: "#7c3aed", text: "#ffffff" },
    size: "large" as const,
  };

  it("is an escaped link per product and one async script; several links name their product", () => {
    const one = productButtonsSnippet({ ...base, products: [guide] });
    expect(one).toBe(
      `<a href="${APP}/s/ada/field-guide" data-sellkit-buy class="sellkit-buy-button" style="${/style="([^"]*)"/.exec(one)![1]}">Buy &lt;now&gt;</a>\n<script async src="${APP}/js/sellkit.js"></script>`,
    );
    expect(one).toContain("padding:16px 32px;font-size:19px");
    expect(one).not.toContain("aria-label");
    const two = productButtonsSnippet({ ...base, products: [guide, mug] });
    expect(two.match(/<a /g)).toHaveLength(2);
    expect(two).toContain('aria-label="Buy &lt;now&gt;: Field &quot;Guide&quot; &lt;b&gt;"');
    expect(two.match(/<script/g)).toHaveLength(1);
  });

  it("has a link-only form, and takes custom colours only as #rrggbb", () => {
    expect(productButtonsSnippet({ ...base, products: [mug], linkOnly: true })).not.toContain("<script");
    const custom = productButtonsSnippet({ ...base, style: "custom", products: [mug] });
    expect(custom).toContain("background:#7c3aed;color:#ffffff");
    const forged = productButtonsSnippet({
      ...base,
      style: "custom",
      colors: { background: 'red;background-image:url("x")', text: "#fff" },
      products: [mug],
    });
    expect(forged).not.toContain("url(");
    expect(forged).toContain("background:#2563eb");
  });

  it("explains every platform of the setup form", () => {
    for (const platform of optionValues(WEBSITE_PLATFORMS)) {
      expect(PLATFORM_STEPS[platform].block.length, platform).toBeGreaterThan(0);
      expect(PLATFORM_STEPS[platform].withoutScripts, platform).toContain("link-only code");
    }
  });
});

describe("the widget and cart code", () => {
  it("keeps a plain link inside each placeholder, escaped, with safe looks only", () => {
    const widget = widgetSnippet(
      { ...guide, slug: "field-guide", price: "$9.00", soldOut: false },
      { theme: "dark", radius: 99, accent: "javascript:1", action: "cart" },
    );
    expect(widget).toBe(
      `<div data-sellkit-product="${APP}/s/ada/field-guide" data-theme="dark" data-radius="32" data-accent="#1d4ed8" data-action="cart"><a href="${APP}/s/ada/field-guide">Field &quot;Guide&quot; &lt;b&gt;</a></div>`,
    );
    expect(cartSnippet([{ ...mug, slug: "mug", price: "$12.00", soldOut: false }])).toBe(
      `<div data-sellkit-cart></div>\n<a href="${APP}/s/ada/mug" data-sellkit-add aria-label="Add Mug to cart">Add to cart</a>`,
    );
  });
});

describe("the cart's query", () => {
  it("adds up repeated products, caps quantities and drops what is not a slug", () => {
    expect(parseCartItems("mug:2,field-guide,mug:3,,Bad Slug:1,x:0,y:100,../etc:1,zine:99,zine:5")).toEqual([
      { slug: "mug", quantity: 5 },
      { slug: "field-guide", quantity: 1 },
      { slug: "zine", quantity: 99 },
    ]);
    expect(parseCartItems(null)).toEqual([]);
    const many = Array.from({ length: MAX_CART_ITEMS + 5 }, (_, i) => `p${i}:1`).join(",");
    expect(parseCartItems(many)).toHaveLength(MAX_CART_ITEMS);
    expect(cartItemsValue(parseCartItems("a:2,b"))).toBe("a:2,b:1");
  });
});

describe("allowed websites", () => {
  it("keeps distinct plain origins and refuses a path, a wildcard or another scheme", () => {
    expect(
      allowedOriginsSchema.parse({ origins: "https://a.example/\n\n http://127.0.0.1:4300 \nhttps://a.example" }),
    ).toEqual({
      origins: ["https://a.example", "http://127.0.0.1:4300"],
    });
    expect(allowedOriginsSchema.parse({})).toEqual({ origins: [] });
    for (const bad of ["https://a.example/shop", "https://*.example", "ftp://a.example", "a.example"])
      expect(allowedOriginsSchema.safeParse({ origins: bad }).success, bad).toBe(false);
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join("\n");
    expect(allowedOriginsSchema.safeParse({ origins: tooMany }).success).toBe(false);
  });
});
