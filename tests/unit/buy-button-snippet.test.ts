import fc from "fast-check";
import { parseDocument } from "htmlparser2";
import { findAll, getAttributeValue, textContent } from "domutils";
import type { Element } from "domhandler";
import { describe, expect, it } from "vitest";
import {
  BUY_BUTTON_CLASS,
  buyButtonSnippet,
  buyPageUrl,
  type BuyButtonOptions,
} from "~/domains/sales-methods/buy-button-snippet";

const HREF = "https://sellkit.example/buy/3f2b8c1e-1d2a-4b6f-9c1e-1234567890ab";
const base: BuyButtonOptions = {
  href: HREF,
  text: "Buy Now",
  style: "primary",
  method: "button",
  storeName: "Ada's Atelier",
};

function parse(html: string) {
  const document = parseDocument(html);
  const elements = findAll(() => true, document.children);
  const links = elements.filter((e: Element) => e.name === "a");
  return { document, elements, links };
}

describe("buy-button snippet", () => {
  it("button: exactly one inline-styled link to the buy page, opening in a new tab", () => {
    const html = buyButtonSnippet(base);
    const { elements, links } = parse(html);
    expect(elements.map((e) => e.name)).toEqual(["a"]);
    expect(getAttributeValue(links[0]!, "href")).toBe(HREF);
    expect(getAttributeValue(links[0]!, "class")).toBe(BUY_BUTTON_CLASS);
    expect(getAttributeValue(links[0]!, "rel")).toBe("noopener");
    expect(getAttributeValue(links[0]!, "style")).toContain("background:#2563eb");
    expect(textContent(links[0]!)).toBe("Buy Now");
    expect(html).not.toMatch(/<script|<link|<style|src=/i);
  });

  it("widget: a card with the store name above the link", () => {
    const { elements, links } = parse(buyButtonSnippet({ ...base, method: "widget" }));
    expect(elements.map((e) => e.name)).toEqual(["div", "p", "a"]);
    expect(textContent(elements[1]!)).toBe("Ada's Atelier");
    expect(links).toHaveLength(1);
    expect(getAttributeValue(links[0]!, "style")).toContain("display:block");
  });

  it("cart: an add-to-cart style pill link", () => {
    const { elements, links } = parse(buyButtonSnippet({ ...base, method: "cart", text: "Add to cart" }));
    expect(elements.map((e) => e.name)).toEqual(["div", "a"]);
    expect(getAttributeValue(links[0]!, "style")).toContain("border-radius:9999px");
    expect(textContent(links[0]!)).toBe("Add to cart");
  });

  it("styles: primary, secondary and success colours; custom leaves colours to the site's CSS", () => {
    const style = (s: BuyButtonOptions["style"]) =>
      getAttributeValue(parse(buyButtonSnippet({ ...base, style: s })).links[0]!, "style")!;
    expect(style("primary")).toContain("background:#2563eb;color:#ffffff");
    expect(style("secondary")).toContain("background:#f3f4f6;color:#111827");
    expect(style("success")).toContain("background:#15803d;color:#ffffff");
    expect(style("custom")).not.toMatch(/background|color:/);
  });

  it("escapes HTML in the text and the store name", () => {
    const html = buyButtonSnippet({
      ...base,
      method: "widget",
      text: `"><script>alert(1)</script>`,
      storeName: "<img src=x onerror=alert(1)>",
    });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    const { elements, links } = parse(html);
    expect(elements.map((e) => e.name)).toEqual(["div", "p", "a"]);
    expect(textContent(links[0]!)).toBe(`"><script>alert(1)</script>`);
  });

  it("for any text, parsing yields exactly one link whose text is that text and whose target is the buy page", () => {
    // Any Unicode text a browser can carry (HTML has no way to hold U+0000; the schema refuses control characters).
    const text = fc.string({ unit: "grapheme", maxLength: 60 }).filter((t) => !t.includes("\u0000"));
    const hostile = fc.constantFrom(
      "</a><a href=//evil>x",
      "<!--",
      "]]>",
      "&amp;",
      "&#x3C;",
      "\"'`",
      "<a>",
      "\r\n",
      "<script>",
      "&",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          fc.array(fc.oneof(text, hostile), { maxLength: 6 }).map((parts) => parts.join("")),
        ),
        fc.oneof(text, hostile),
        fc.constantFrom("button", "widget", "cart"),
        fc.constantFrom("primary", "secondary", "success", "custom"),
        (buttonText, storeName, method, style) => {
          const { links, elements } = parse(
            buyButtonSnippet({ href: HREF, text: buttonText, storeName, method, style }),
          );
          expect(links).toHaveLength(1);
          expect(textContent(links[0]!)).toBe(buttonText);
          expect(getAttributeValue(links[0]!, "href")).toBe(HREF);
          expect(elements.every((e) => ["a", "div", "p"].includes(e.name))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("builds the buy-page URL from APP_URL and the saved row id", () => {
    expect(buyPageUrl("https://sellkit.example/", "abc")).toBe("https://sellkit.example/buy/abc");
    expect(buyPageUrl("http://127.0.0.1:3000", "3f2b8c1e-1d2a-4b6f-9c1e-1234567890ab")).toBe(
      "http://127.0.0.1:3000/buy/3f2b8c1e-1d2a-4b6f-9c1e-1234567890ab",
    );
  });
});
